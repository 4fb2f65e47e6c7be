"""WXYZ-Wing: four cells holding four digits in all, not in one house, one of them (the pivot)
seeing the three others, where every digit but
one (z) is restricted: its places in the pattern all see each other, so it is in one of
them at most. Four cells need four digits, so z is in one of its places in the pattern, and
a cell seeing all of them loses z. XY- and XYZ-Wings are the three-cell case (wings.py).

Rating: 5.5 when the four cells are bivalue, 5.6 when one holds more (as the XYZ-Wing's
trivalue pivot rates above the XY-Wing): SukakuExplainer's recorded ratings, where the
wings it names 126 rate 5.5 and those it names 137, 138, 139 rate 5.6, fit the cells'
candidates counting 8 (all bivalue) and 9, 10, 11 in the puzzles of the rated sets.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .board import Board, bits
from .steps import Step

SIZE = 4
BIVALUE, MORE = 5.5, 5.6


def wxyz_wings(board: Board) -> Iterator[Step]:
    """The wings of bivalue cells first (5.5), then the others (5.6): the easier first, as
    the recorded ratings show SukakuExplainer takes them."""
    yield from _wings(board, bivalue=True)
    yield from _wings(board, bivalue=False)


def _wings(board: Board, bivalue: bool) -> Iterator[Step]:
    """The wings in the order of their digits, then of their cells (both ascending): each
    pattern is found from a pivot and the three cells it sees, four digits in all."""
    cands = board.candidates
    for digits, cells in sorted(_patterns(board, bivalue)):
        if _in_one_house(board, cells) or \
                (not bivalue and all(cands[cell].bit_count() == 2 for cell in cells)):
            continue
        loose = [d for d in digits if not _restricted(board, cells, d)]
        if len(loose) != 1:
            continue
        z = loose[0] + 1
        seen = board.digit_cells[z]
        for cell in cells:
            if cands[cell] >> loose[0] & 1:
                seen &= board.layout.peers[cell]
        if not seen:
            continue
        yield Step("WXYZ-Wing", BIVALUE if bivalue else MORE,
                   eliminations=tuple((cell, z) for cell in bits(seen)), cells=cells,
                   candidates=tuple((cell, d + 1) for cell in cells
                                    for d in bits(cands[cell])))


def _patterns(board: Board, bivalue: bool) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(digits, cells) of every four cells of 2 (bivalue) or 2-4 candidates holding four
    digits in all, one of them (the pivot) seeing the three others (without one, the
    pattern is an XY-chain's, which SukakuExplainer does not take for a wing: its recorded
    ratings use chains there)."""
    peers, cands = board.layout.peers, board.candidates
    most = 2 if bivalue else SIZE
    small = [cell for cell, c in enumerate(cands) if 2 <= c.bit_count() <= most]
    found = set()
    for pivot in small:
        wings = [cell for cell in small if peers[pivot] >> cell & 1
                 and (cands[pivot] | cands[cell]).bit_count() <= SIZE]
        for trio in combinations(wings, SIZE - 1):
            union = cands[pivot] | cands[trio[0]] | cands[trio[1]] | cands[trio[2]]
            if union.bit_count() == SIZE:
                found.add((tuple(bits(union)), tuple(sorted((pivot, *trio)))))
    return found


def _restricted(board: Board, cells: tuple[int, ...], digit_bit: int) -> bool:
    """Whether the places of the digit in the pattern all see each other."""
    places = [cell for cell in cells if board.candidates[cell] >> digit_bit & 1]
    return all(board.layout.peers[a] >> b & 1 for a, b in combinations(places, 2))


def _in_one_house(board: Board, cells: tuple[int, ...]) -> bool:
    mask = sum(1 << cell for cell in cells)
    return any(house.mask & mask == mask for house in board.layout.houses)

