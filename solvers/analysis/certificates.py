"""Why a polyform puzzle has no solution, proved without searching: certificates.

- cells: the model's own reasons (`Puzzle.problems()`: cell counts, no board, a piece that fits
  nowhere).
- colouring: colour the board's cells (the checkerboard of a square board, the 3-colouring of
  hex cells, the cube grid's checkerboard and diagonal 3-colouring). Each place a piece can
  take covers some number of cells of each colour; whatever the solution, the pieces' numbers
  add up to the board's. When no choice of one place per piece copy adds up to the board's
  numbers, there is no solution: "the board has 10 dark and 10 light cells; these pieces make
  a difference of 2, 6 or 10". Checked exactly, by the sums the pieces can reach (a
  subset-sum over count vectors, bounded by the board's counts).
- uncoverable cells: board cells no place of any piece covers; and cells that every place
  covering them cuts off a region no pieces can fill (the search's pruning).
"""

from __future__ import annotations

import numpy as np

from ..placements.compile import Placements, compile_placements
from ..placements.words import unpack_bits
from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.grid import Cell, Colouring
from ..puzzle.model import Puzzle, naming_pieces
from ..records import record
from .colour_sums import piece_options, reachable_sums


@record
class Certificate:
    """A proof that the puzzle has no solution. `cells`: board cells to highlight;
    `colours`: the colouring to draw, a colour index per board cell (board order)."""

    kind: str  # "cells", "colouring" or "uncoverable"
    text: str
    cells: tuple[Cell, ...] = ()
    colours: tuple[int, ...] = ()


def certificates(puzzle: Puzzle, cancel: CancelCheck | None = None) -> list[Certificate]:
    """Every certificate found for `puzzle` (a polyform), the simplest first; empty when
    none applies (the puzzle may still have no solution: the search decides)."""
    if puzzle.is_sudoku:
        return [Certificate("cells", problem) for problem in puzzle.problems()]
    found = [Certificate("cells", problem) for problem in puzzle.problems(fit_check=False)]
    if not puzzle.board or not puzzle.pieces:
        return found
    every = compile_placements(puzzle, prune=False, cancel=cancel)
    homeless = pieces_placed_nowhere(puzzle, every)
    if homeless:  # the model's last reason, as Puzzle.problems() words it
        found.append(Certificate("cells", naming_pieces(homeless, "fits nowhere on the board",
                                                        "fit nowhere on the board")))
    nowhere = uncovered_cells(every)
    if nowhere:
        found.append(Certificate("uncoverable", f"no piece fits over {_cells(nowhere)}",
                                 cells=nowhere))
    if puzzle.piece_cell_total == len(puzzle.board):
        for colouring in puzzle.kind.grid.colourings:
            check_cancel(cancel)
            certificate = colouring_certificate(puzzle, every, colouring)
            if certificate is not None:
                found.append(certificate)
    if not nowhere and not found:
        pruned = compile_placements(puzzle, cancel=cancel)
        stranded = uncovered_cells(pruned)
        if stranded:
            found.append(Certificate(
                "uncoverable", f"every piece that covers {_cells(stranded)} cuts off cells "
                "the others cannot fill", cells=stranded))
    return found


def pieces_placed_nowhere(puzzle: Puzzle, every: Placements) -> list[str]:
    """`Puzzle.pieces_that_fit_nowhere()`, read off every placement when they are every way
    each piece lies inside the board (no pins or paint dropped some): the model's own check
    tries each orientation again (PelikanBurr's 8x8x8 box: 8 ms of every count)."""
    if puzzle.pins or every.row_paint is not None:
        return puzzle.pieces_that_fit_nowhere()
    real = every.row_piece if every.absent_start < 0 else every.row_piece[:every.absent_start]
    placed = np.bincount(real, minlength=len(puzzle.pieces))
    return [piece.name for piece, rows in zip(puzzle.pieces, placed.tolist())
            if piece.fewest > 0 and rows == 0]


def uncovered_cells(placements: Placements) -> tuple[Cell, ...]:
    """The cells a solution must cover (optional ones aside) that no placement covers."""
    covered = np.zeros(placements.n_items, dtype=bool)
    covered[list(placements.optional_items)] = True
    if placements.n_rows:  # the union of the rows' masks (their item table: 2 ms of PelikanBurr)
        union = np.bitwise_or.reduce(placements.masks, axis=0)
        covered |= unpack_bits(union[None], placements.n_items)[0]
    return tuple(placements.cells[item] for item in np.flatnonzero(~covered))


def colouring_certificate(puzzle: Puzzle, placements: Placements,
                          colouring: Colouring) -> Certificate | None:
    k = len(colouring.colour_names)
    colours = np.array([colouring.colour_of(cell) for cell in placements.cells], dtype=np.int64)
    board = tuple(np.bincount(colours, minlength=k).tolist())
    options = piece_options(placements, colours, k)
    if any(not len(choices) for choices in options):
        return None  # a piece that fits nowhere: said already
    sums = reachable_sums(options, placements.piece_counts.tolist(), board)
    if sums is None or (sums == board).all(axis=1).any():
        return None
    by_cell = dict(zip(placements.cells, colours.tolist()))
    drawn = tuple(by_cell[cell] for cell in puzzle.board)
    return Certificate("colouring", _colouring_text(colouring, board, options,
                                                    placements.piece_counts.tolist()),
                       colours=drawn)


def _colouring_text(colouring: Colouring, board: tuple[int, ...], options: list[np.ndarray],
                    counts: list[int]) -> str:
    names = colouring.colour_names
    most = sum(int(choices.sum(axis=1).max()) * copies for choices, copies in zip(options, counts))
    every = reachable_sums(options, counts, (most, most)) if len(names) == 2 else None
    if every is not None:  # every sum, none cut off: the differences the pieces can make
        wanted = board[0] - board[1]
        shown = sorted(set(np.abs(every[:, 0] - every[:, 1]).tolist()))
        largest = max(shown)
        if abs(wanted) > largest:
            can = f"can make a difference of at most {largest}"
        elif abs(wanted) in shown:  # the size is right, the side is not
            can = (f"can make a difference of {abs(wanted)} only with more "
                   f"{names[1] if wanted > 0 else names[0]} cells")
        else:
            values = sorted(set(shown))
            listed = ", ".join(map(str, values[:-1])) + f" or {values[-1]}" if len(values) > 1 \
                else str(values[0])
            can = f"can only make a difference of {listed}" if len(values) <= 6 else \
                f"cannot make a difference of {abs(wanted)}"
        return (f"with the {colouring.name}, the board has {board[0]} {names[0]} and "
                f"{board[1]} {names[1]} cells (a difference of {abs(wanted)}); these pieces "
                f"{can}")
    listed = ", ".join(f"{count} {name}" for count, name in zip(board, names))
    return (f"with the {colouring.name}, the board has {listed} cells; no way of placing "
            f"these pieces covers that many of each colour")


def _cells(cells: tuple[Cell, ...]) -> str:
    shown = ", ".join(str(cell) for cell in cells[:4])
    more = f" and {len(cells) - 4} more" if len(cells) > 4 else ""
    return f"{'this cell' if len(cells) == 1 else f'these {len(cells)} cells'} ({shown}{more})"
