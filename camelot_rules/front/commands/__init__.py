"""The ``camelot-rules`` commands, one module each: ``add_parser(sub)`` adds the command's
options, its ``run_*`` function answers (a text; bad input raises ``ValueError``)."""
