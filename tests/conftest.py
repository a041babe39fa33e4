"""Test-wide settings."""

from hypothesis import settings

# CI machines are shared and noisy: no per-example deadline (the properties are about values,
# not speed; speed lives in benchmarks/), and a fixed number of examples.
settings.register_profile("camelot", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("camelot")
