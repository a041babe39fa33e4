"""The exact state-graph explorer: build every state a small game model reaches (``graph``),
solve it exactly (``solver``), and the models of sub-positions tied to the engine by tests
(``models``)."""
