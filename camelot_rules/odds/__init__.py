"""Exact calculators, one question each: card draws (``draws``), siege fights (``siege``),
travel cards (``travel``), when a card shows and a pile runs out (``runout``), reshuffles and
rebuilds (``rebuilds``), quests (``quests``), and plain seeded Monte Carlo versions of the same
rules as an independent check (``montecarlo``). Rule logic they share with the game is asked of
the engine (:mod:`camelot_rules.engine`)."""
