"""Cited rule data: the rulebook's numbers (``rulebook``), the registry of the rules the toolkit
applies (``registry``), printed names (``names``), the seeds' own words (``seed_refs``) and the
decks built from them (``decks``). Declarative: no game logic lives here."""
