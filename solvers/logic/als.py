"""ALS-XZ: two almost locked sets (n cells of one house holding n + 1 digits) that share a
restricted common digit X (every X of one sees every X of the other, so at most one of them
holds X) and another digit Z. The set without X is locked on its other digits, so it holds
Z: a cell seeing every Z of both sets loses it.

ALS-XY-Wing: a pivot set C with a restricted common X with set A and Y with set B (X != Y),
and a digit Z of both A and B. If C holds X, A lacks it and is locked, holding Z; if not, C
holds Y (an ALS lacks one digit at most), so B lacks Y and holds Z: a cell seeing every Z of
A and B loses it.

Neither SE 1.2.1 nor SukakuExplainer's recorded ratings rate them: 5.8 and 6.0 are ours
(after the bivalue universal grave, before the chains). Sets of up to MAX_CELLS cells are
looked at.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..records import record

from .board import Board, bits
from .steps import Step

RATING, XY_RATING = 5.8, 6.0
MAX_CELLS = 3


@record
class Als:
    cells: int  # a cell set
    digits: int  # a candidate set, one digit more than cells
    house: str


def almost_locked_sets(board: Board) -> list[Als]:
    """Every ALS of 1 to MAX_CELLS empty cells of a house (each cell set once)."""
    found: dict[int, Als] = {}
    for house in board.layout.houses:
        empty = [cell for cell in house.cells if board.candidates[cell]]
        for size in range(1, MAX_CELLS + 1):
            for cells in combinations(empty, size):
                digits = 0
                for cell in cells:
                    digits |= board.candidates[cell]
                mask = sum(1 << cell for cell in cells)
                if digits.bit_count() == size + 1 and mask not in found:
                    found[mask] = Als(mask, digits, house.name)
    return list(found.values())


def als_xz(board: Board) -> Iterator[Step]:
    sets = almost_locked_sets(board)
    for first, second in combinations(sets, 2):
        common = first.digits & second.digits
        if first.cells & second.cells or common.bit_count() < 2:
            continue
        for x in bits(common):
            if not _restricted(board, first, second, x + 1):
                continue
            for z in bits(common & ~(1 << x)):
                holders = _places(board, first, z + 1) | _places(board, second, z + 1)
                seen = board.digit_cells[z + 1] & ~holders
                for cell in bits(holders):
                    seen &= board.layout.peers[cell]
                if seen:
                    cells = tuple(bits(first.cells | second.cells))
                    yield Step("ALS-XZ", RATING, cells=cells,
                               eliminations=tuple((cell, z + 1) for cell in bits(seen)),
                               houses=(first.house, second.house),
                               candidates=tuple((cell, d + 1) for cell in cells
                                                for d in bits(board.candidates[cell])))


def _places(board: Board, als: Als, digit: int) -> int:
    return als.cells & board.digit_cells[digit]


def _restricted(board: Board, first: Als, second: Als, digit: int) -> bool:
    """Whether every place of `digit` in one set sees every place in the other."""
    peers = board.layout.peers
    others = _places(board, second, digit)
    return all(peers[cell] & others == others for cell in bits(_places(board, first, digit)))


def als_xy_wings(board: Board) -> Iterator[Step]:
    sets = almost_locked_sets(board)
    around: list[list[tuple[int, int]]] = [[] for _ in sets]  # (other set, restricted digit)
    for i, j in combinations(range(len(sets)), 2):
        if sets[i].cells & sets[j].cells:
            continue
        for x in bits(sets[i].digits & sets[j].digits):
            if _restricted(board, sets[i], sets[j], x + 1):
                around[i].append((j, x))
                around[j].append((i, x))
    for pivot, links in enumerate(around):
        for (a, x), (b, y) in combinations(links, 2):
            first, second = sets[a], sets[b]
            if x == y or first.cells & second.cells:
                continue
            for z in bits(first.digits & second.digits & ~(1 << x) & ~(1 << y)):
                holders = _places(board, first, z + 1) | _places(board, second, z + 1)
                seen = board.digit_cells[z + 1] & ~holders & ~sets[pivot].cells
                for cell in bits(holders):
                    seen &= board.layout.peers[cell]
                if seen:
                    cells = tuple(bits(first.cells | second.cells | sets[pivot].cells))
                    yield Step("ALS-XY-Wing", XY_RATING, cells=cells,
                               eliminations=tuple((cell, z + 1) for cell in bits(seen)),
                               houses=(first.house, sets[pivot].house, second.house),
                               candidates=tuple((cell, d + 1) for cell in cells
                                                for d in bits(board.candidates[cell])))
