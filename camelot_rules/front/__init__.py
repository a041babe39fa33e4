"""What people touch: the command line (``cli``), permalinks (``links``), answers as sentences
and tables (``display``), reading what people type (``parsing``) and plot fonts (``fonts``)."""
