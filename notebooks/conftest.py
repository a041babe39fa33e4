"""pytest in notebooks/: strict nbval collects the .ipynb files; the plain-text sources and the
builder are not test modules (``--doctest-modules`` would import a source, running the whole
notebook at collection)."""

collect_ignore = ["build.py", "src"]
