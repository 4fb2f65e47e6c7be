"""Puzzles the solver tests build in code."""

from __future__ import annotations

from pathlib import Path

from solvers import GridKind, Piece, Puzzle
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "puzzles"


def shipped(name: str) -> Puzzle:
    return load_puzzle(ASSETS / name)


def pentomino_box(x: int, y: int, z: int) -> Puzzle:
    """The twelve pentominoes as solid pieces in an x*y*z box (3x4x5: 3940 solutions up to
    rotation and reflection, a count published since the 1960s; 2x5x6: 264)."""
    flat = shipped("pentominoes-6x10.json").pieces
    pieces = tuple(Piece(p.name, tuple((a, b, 0) for a, b in p.cells), 1, True, p.colour)
                   for p in flat)
    board = tuple((i, j, k) for i in range(x) for j in range(y) for k in range(z))
    return Puzzle(GridKind.CUBE, f"pentominoes in a {x}x{y}x{z} box", board=board,
                  pieces=pieces)
