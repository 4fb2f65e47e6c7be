"""XY-Wing and XYZ-Wing: a pivot cell and two wing cells that see it; whichever digit the
pivot takes, one wing holds z, so a cell that sees both wings (and the pivot, for XYZ) is
not z."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .board import Board, bits
from .steps import Step


def xy_wings(board: Board) -> Iterator[Step]:
    """Pivot xy, wings xz and yz (4.2)."""
    yield from _wings(board, pivot_size=2, name="XY-Wing", rating=4.2)


def xyz_wings(board: Board) -> Iterator[Step]:
    """Pivot xyz, wings xz and yz (4.4)."""
    yield from _wings(board, pivot_size=3, name="XYZ-Wing", rating=4.4)


def _wings(board: Board, pivot_size: int, name: str, rating: float) -> Iterator[Step]:
    peers, cands = board.layout.peers, board.candidates
    pairs = [cell for cell, c in enumerate(cands) if c.bit_count() == 2]
    for pivot, pivot_cands in enumerate(cands):
        if pivot_cands.bit_count() != pivot_size:
            continue
        wings = [cell for cell in pairs if peers[pivot] >> cell & 1
                 and (cands[cell] & pivot_cands).bit_count() == (1 if pivot_size == 2 else 2)]
        for wing1, wing2 in combinations(wings, 2):
            z = cands[wing1] & cands[wing2]
            if z.bit_count() != 1 or cands[wing1] == cands[wing2]:
                continue
            if pivot_size == 2 and (z & pivot_cands or (cands[wing1] | cands[wing2]) & ~z
                                    != pivot_cands):
                continue
            if pivot_size == 3 and (cands[wing1] | cands[wing2]) != pivot_cands:
                continue
            digit = z.bit_length()
            seen = peers[wing1] & peers[wing2] & board.digit_cells[digit]
            if pivot_size == 3:
                seen &= peers[pivot]
            if seen:
                cells = (pivot, wing1, wing2)
                yield Step(name, rating,
                           eliminations=tuple((cell, digit) for cell in bits(seen)),
                           cells=cells, candidates=tuple(
                               (cell, d + 1) for cell in cells for d in bits(cands[cell])))
