"""Puzzles the solver tests build in code."""

from __future__ import annotations

from pathlib import Path

from solvers import GridKind, Piece, Puzzle
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "puzzles"
BURRTOOLS = Path(__file__).resolve().parent / "data" / "burrtools"  # BurrTools' examples (GPL)


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


def soma_in_a_box() -> Puzzle:
    """The Soma cube's seven pieces packed into an open box (a piece too, 5x5x4 with walls
    and floor one cube thick): only assemblies whose pieces lift out come apart. Its trees
    split into many tasks, so runs of it stop and resume half way."""
    soma = shipped("soma.json")
    box = tuple((x, y, z) for x in range(5) for y in range(5) for z in range(4)
                if x in (0, 4) or y in (0, 4) or z == 0)
    inside = tuple((x + 1, y + 1, z + 1) for x, y, z in soma.board)
    return Puzzle(GridKind.CUBE, "Soma in a box", board=box + inside,
                  pieces=(Piece("box", box, 1, False, "#808080", weight=2),) + soma.pieces,
                  disassembly=True)


def pentominoes_in_a_tray() -> Puzzle:
    """The twelve pentominoes laid flat in a tray (a piece too: an 8x12 floor and a wall one
    cube high around the 6x10 inside): each piece lifts straight out, so every assembly comes
    apart, and the 2,339 distinct ways to lay them take far longer to search than a tenth of
    a second."""
    flat = shipped("pentominoes-6x10.json").pieces
    pieces = tuple(Piece(p.name, tuple((a, b, 0) for a, b in p.cells), 1, True, p.colour)
                   for p in flat)
    tray = tuple((x, y, z) for x in range(8) for y in range(12) for z in range(2)
                 if z == 0 or x in (0, 7) or y in (0, 11))
    inside = tuple((x, y, 1) for x in range(1, 7) for y in range(1, 11))
    return Puzzle(GridKind.CUBE, "pentominoes in a tray", board=tray + inside,
                  pieces=(Piece("tray", tray, 1, False, "#808080", weight=2),) + pieces,
                  disassembly=True)


def little_ball_pyramid() -> Puzzle:
    """Five balls of the sphere grid: four in a square (a layer's square lattice runs along
    (1, ±1, 0)), reaching below y = 0, and one in its hollow; two pieces, three and two balls."""
    board = ((0, 0, 0), (1, -1, 0), (1, 1, 0), (2, 0, 0), (1, 0, 1))
    pieces = (Piece("A", ((0, 0, 0), (1, -1, 0), (1, 0, 1)), mirror=False),
              Piece("B", ((0, 0, 0), (1, 1, 0)), mirror=False))
    return Puzzle(GridKind.SPHERE, "Little pyramid", board=board, pieces=pieces)
