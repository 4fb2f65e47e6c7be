"""Can an assembly be taken apart, and how: the disassembler's Python side (the search itself
is in solvers/kernels/disassembly*.py). See analyser.py, verdicts.py and moves.py."""
