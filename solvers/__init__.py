"""PolyGUI's puzzle solvers: the model, files, placement compiler and numba search kernels.

No Qt here: the desktop app drives `solve()` from a worker thread. The public API is
`__all__` (docs/library.md); each name is imported when first used, so that importing any
part of `solvers` (the command line's count, a kernel) loads only what that part needs.
"""

__all__ = [
    "Cancelled", "GridKind", "Piece", "Progress", "Puzzle", "PuzzleError", "SYMMETRY_MODES", "Solution",
    "SolutionBatch", "SudokuGrid", "count_solutions", "estimate", "explain", "load_puzzle",
    "prepare", "save_puzzle", "solve",
]

_LATER = {"Cancelled": ("puzzle.cancel", "Cancelled"),
          "GridKind": ("puzzle.grids", "GridKind"),
          **{name: ("puzzle.model", name)
             for name in ("SYMMETRY_MODES", "Piece", "Puzzle", "PuzzleError", "SudokuGrid")},
          **{name: ("search.events", name) for name in ("Progress", "Solution", "SolutionBatch")},
          "count_solutions": ("parallel.run", "count_solutions"),
          "solve": ("parallel.run", "solve"),
          "prepare": ("search.solve", "prepare"),
          "load_puzzle": ("puzzle.any_file", "load_any"),
          "save_puzzle": ("puzzle.fileformat", "save_puzzle"),
          "estimate": ("analysis.estimate", "estimate"),
          "explain": ("analysis.explain", "explain")}


def __getattr__(name: str):
    """The names of `_LATER`, imported on first use."""
    if name not in _LATER:
        raise AttributeError(f"module 'solvers' has no attribute {name!r}")
    from importlib import import_module

    module, attribute = _LATER[name]
    value = getattr(import_module(f".{module}", __name__), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
