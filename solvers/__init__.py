"""PolyGUI's puzzle solvers: the model, files, placement compiler and numba search kernels.

No Qt here: the desktop app drives `solve()` from a worker thread.
"""

from .puzzle.cancel import Cancelled
from .puzzle.grids import GridKind
from .puzzle.model import SYMMETRY_MODES, Piece, Puzzle, PuzzleError, SudokuGrid
from .search.events import Progress, Solution, SolutionBatch
from .parallel.run import count_solutions, solve
from .search.solve import prepare

__all__ = [
    "Cancelled", "GridKind", "Piece", "Progress", "Puzzle", "PuzzleError", "SYMMETRY_MODES", "Solution",
    "SolutionBatch", "SudokuGrid", "count_solutions", "prepare", "solve",
]
