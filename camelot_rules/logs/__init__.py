"""Play logs: the recorded game - parsed, replayed against the rules, reported (``playlog``),
written from engine games (``writer``), and recorded line by line at the table (``tracker``)."""
