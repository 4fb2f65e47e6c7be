"""The numba search kernels (exact cover, live sets, bit-board, Sudoku, the 9x9 Sudoku batch) and
the bit tricks they share. Each is iterative with all its state in arrays its caller owns, so it
stops after a node budget and resumes exactly. Imports numpy, numba and itself, nothing else;
native.py (their ahead-of-time build, loaded without numba) and native_build.py also use the
standard library."""

from . import native

native.keep_jit_cache_by_key()  # before any kernel imports numba
