"""Techniques that assume the puzzle has one solution: unique rectangles (types 1, 2, 4)
and the bivalue universal grave (BUG + 1). Two digits a, b filling four cells that make a
rectangle which every house meets in 0 or 2 cells could be swapped, giving a second
solution, so the puzzle must avoid that pattern."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .board import Board, Layout, bits, digits_of, kept_for
from .steps import Step


_GEOMETRY: dict[int, tuple[Layout, tuple[tuple[int, int, int, int], ...]]] = {}


def rectangles(board: Board) -> Iterator[tuple[int, int, int, int]]:
    """Empty cells (top-left, top-right, bottom-left, bottom-right) of rectangles that span
    two boxes and that every house meets in 0 or 2 cells (so a swap keeps every house)."""
    values = board.values
    for cells in rectangle_shapes(board.layout):
        if not (values[cells[0]] or values[cells[1]] or values[cells[2]] or values[cells[3]]):
            yield cells


def rectangle_shapes(layout: Layout) -> tuple[tuple[int, int, int, int], ...]:
    """The rectangles of `rectangles` whatever the values, in its order (kept by the layout's
    identity: the uniqueness finders run between most steps, hashing a layout costs more)."""
    return kept_for(_GEOMETRY, layout, _shapes)


def _shapes(layout: Layout) -> tuple[tuple[int, int, int, int], ...]:
    n, found = layout.n, []
    for row1, row2 in combinations(range(n), 2):
        for col1, col2 in combinations(range(n), 2):
            cells = (row1 * n + col1, row1 * n + col2, row2 * n + col1, row2 * n + col2)
            mask = sum(1 << cell for cell in cells)
            touched = {h for cell in cells for h in layout.cell_houses[cell]}
            if all((layout.houses[h].mask & mask).bit_count() == 2 for h in touched):
                found.append(cells)
    return tuple(found)


def unique_rectangles(board: Board) -> Iterator[Step]:
    cands = board.candidates
    for cells in rectangles(board):
        common = cands[cells[0]] & cands[cells[1]] & cands[cells[2]] & cands[cells[3]]
        if common.bit_count() < 2:
            continue
        for pair in combinations(bits(common), 2):
            ab = (1 << pair[0]) | (1 << pair[1])
            yield from rectangle_steps(board, cells, ab)


def rectangle_steps(board: Board, cells: tuple[int, ...], ab: int) -> Iterator[Step]:
    cands, peers = board.candidates, board.layout.peers
    a, b = (d for d in digits_of(ab))
    proof = dict(cells=cells, candidates=tuple((cell, d) for cell in cells for d in (a, b)))
    extra = [cell for cell in cells if cands[cell] != ab]
    if len(extra) == 1:
        cell = extra[0]
        yield Step("Unique Rectangle type 1", 4.5, eliminations=((cell, a), (cell, b)), **proof)
        return
    if len(extra) != 2 or not peers[extra[0]] >> extra[1] & 1:
        return  # types 2 and 4 here: the two extra cells share a house
    roof1, roof2 = extra
    more = (cands[roof1] | cands[roof2]) & ~ab
    if cands[roof1] & ~ab == cands[roof2] & ~ab and more.bit_count() == 1:
        digit = more.bit_length()
        seen = peers[roof1] & peers[roof2] & board.digit_cells[digit]
        if seen:
            yield Step("Unique Rectangle type 2", 4.5,
                       eliminations=tuple((cell, digit) for cell in bits(seen)), **proof)
    shared = [house for house in board.layout.houses
              if house.mask >> roof1 & 1 and house.mask >> roof2 & 1]
    roof = (1 << roof1) | (1 << roof2)
    for locked, other in ((a, b), (b, a)):
        if any(board.positions(house, locked) == roof for house in shared):
            yield Step("Unique Rectangle type 4", 4.5,
                       eliminations=((roof1, other), (roof2, other)), **proof)
            return


def bug_plus_one(board: Board) -> Iterator[Step]:
    """Every empty cell holds two candidates but one, which holds three: were it not its digit
    that appears three times in its houses, the grid would be a deadly BUG (5.6)."""
    cands = board.candidates
    sizes = [c.bit_count() for c in cands]
    extra = [cell for cell, size in enumerate(sizes) if size > 2]
    if len(extra) != 1 or sizes[extra[0]] != 3 or any(size == 1 for size in sizes):
        return
    cell = extra[0]
    houses = [board.layout.houses[h] for h in board.layout.cell_houses[cell]]
    for house in board.layout.houses:  # every other house: each digit twice or not at all
        if house.mask >> cell & 1:
            continue
        if any(board.positions(house, d).bit_count() not in (0, 2) for d in range(1, board.n + 1)):
            return
    threes = [d for d in digits_of(cands[cell])
              if all(board.positions(house, d).bit_count() == 3 for house in houses)]
    if len(threes) == 1 and all(board.positions(house, d).bit_count() in (0, 2)
                                for house in houses for d in digits_of(cands[cell])
                                if d != threes[0]):
        digit = threes[0]
        yield Step("Bivalue Universal Grave + 1", 5.6, cells=(cell,),
                   eliminations=tuple((cell, d) for d in digits_of(cands[cell]) if d != digit),
                   candidates=((cell, digit),))
