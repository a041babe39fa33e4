"""Plumbing with no rule in it: input checks, exact rationals, the distribution type,
translations and the compiled engine's guard. Every other package may import it; it imports
none of them."""
