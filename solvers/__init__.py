"""PolyGUI's puzzle solvers: the model, files, placement compiler and numba search kernels.

No Qt here: the desktop app drives `solve()` from a worker thread.
"""

from .grids import GridKind
from .model import SYMMETRY_MODES, Piece, Puzzle, PuzzleError, SudokuGrid
from .solve import Progress, Solution, count_solutions, prepare, solve

__all__ = [
    "GridKind", "Piece", "Progress", "Puzzle", "PuzzleError", "SYMMETRY_MODES", "Solution",
    "SudokuGrid", "count_solutions", "prepare", "solve",
]
