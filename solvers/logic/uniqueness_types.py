"""More uniqueness techniques: unique rectangle type 3, the hidden rectangle, and the bivalue
universal grave types 2, 3 and 4 (BUG + 1 and the rectangle types 1, 2, 4 are
uniqueness.py's).

Hidden rectangle (4.6, ours; full profile): a corner holds just a, b; at the opposite
corner D, b has no other place in D's row or column than the rectangle's. Were D a, the two
corners beside it would be b, the first corner a: the deadly pattern. So D is not a.

UR type 3: the two roof cells of a rectangle (sharing a house) hold a, b and extra digits;
one of them holds an extra (else the rectangle is deadly), so the roof acts as one cell whose
candidates are the extras: with k - 1 other cells of the house holding k digits in all, it
makes a naked set whose digits leave the rest of the house. Rated 4.5 for a pair (SE's rating
of the type-3 step in the rated sets), plus 0.1 per further cell (ours).

BUG: every empty cell bivalue and every digit twice or not at all in each house would allow a
second solution, so one of the cells beyond that (BUG cells) holds one of its extra digits.
Type 2 (5.7, SukakuExplainer's recorded rating): all the BUG cells' extras are one digit d:
a cell seeing them all is not d. Type 3 (5.8 for a pair, + 0.1 a cell; ours): the BUG cells
share a house, so their extras act as one cell there, making a naked set with other cells
of the house. Type 4 (5.7, ours): two BUG cells of one extra each in a house where a digit x
of both has no other place: one is x, so the other is its extra; other digits leave both.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .board import Board, bits, digits_of
from .steps import Step
from .uniqueness import rectangles

UR3_PAIR, HIDDEN, BUG_TYPE_2, BUG_TYPE_3, BUG_TYPE_4 = 4.5, 4.6, 5.7, 5.8, 5.7


def unique_rectangles_type_3(board: Board) -> Iterator[Step]:
    cands = board.candidates
    for cells in rectangles(board):
        common = cands[cells[0]] & cands[cells[1]] & cands[cells[2]] & cands[cells[3]]
        if common.bit_count() < 2:
            continue
        for pair in combinations(bits(common), 2):
            ab = (1 << pair[0]) | (1 << pair[1])
            extra = [cell for cell in cells if cands[cell] != ab]
            if len(extra) == 2 and board.layout.peers[extra[0]] >> extra[1] & 1:
                yield from _type_3(board, cells, ab, extra)


def _type_3(board: Board, cells, ab: int, roof: list[int]) -> Iterator[Step]:
    cands = board.candidates
    extras = (cands[roof[0]] | cands[roof[1]]) & ~ab
    roof_mask = (1 << roof[0]) | (1 << roof[1])
    for house in board.layout.houses:
        if house.mask & roof_mask != roof_mask:
            continue
        others = [cell for cell in house.cells if cands[cell] and not roof_mask >> cell & 1]
        for size in range(1, len(others)):
            for chosen in combinations(others, size):
                digits = extras
                for cell in chosen:
                    digits |= cands[cell]
                if digits.bit_count() != size + 1:
                    continue
                removed = tuple((cell, d + 1) for cell in others if cell not in chosen
                                for d in bits(cands[cell] & digits))
                if removed:
                    yield Step("Unique Rectangle type 3", round(UR3_PAIR + 0.1 * (size - 1), 1),
                               eliminations=removed, cells=tuple(cells) + chosen,
                               houses=(house.name,),
                               candidates=tuple((cell, d) for cell in cells
                                                for d in digits_of(ab)))


def hidden_rectangles(board: Board) -> Iterator[Step]:
    cands, n = board.candidates, board.n
    for cells in rectangles(board):
        top_left, top_right, bottom_left, bottom_right = cells
        for corner, opposite, beside in ((top_left, bottom_right, (top_right, bottom_left)),
                                         (top_right, bottom_left, (top_left, bottom_right)),
                                         (bottom_left, top_right, (bottom_right, top_left)),
                                         (bottom_right, top_left, (bottom_left, top_right))):
            ab = cands[corner]
            if ab.bit_count() != 2 or any(cands[cell] & ab != ab for cell in cells):
                continue
            row = next(h for h in board.layout.houses if h.kind == "row"
                       and h.index == opposite // n)
            column = next(h for h in board.layout.houses if h.kind == "column"
                          and h.index == opposite % n)
            for a, b in ((d, e) for d in digits_of(ab) for e in digits_of(ab) if d != e):
                line_mask = (1 << opposite) | (1 << beside[0]) | (1 << beside[1])
                if all(board.positions(house, b) & ~line_mask == 0 for house in (row, column)):
                    yield Step("Hidden Rectangle", HIDDEN, eliminations=((opposite, a),),
                               cells=cells, houses=(row.name, column.name),
                               candidates=tuple((cell, d) for cell in cells
                                                for d in digits_of(ab)))


def bug_extras(board: Board) -> dict[int, int] | None:
    """The BUG cells and their extra digits (a candidate set each) when removing the extras
    leaves a bivalue universal grave; None otherwise. A digit of a cell of three or more is
    taken for an extra when no house of the cell holds it exactly twice (a digit the grave
    keeps there would be held twice, once here)."""
    cands, layout = board.candidates, board.layout
    extras: dict[int, int] = {}
    for cell, mask in enumerate(cands):
        if mask.bit_count() <= 2:
            continue
        houses = [layout.houses[h] for h in layout.cell_houses[cell]]
        extra = sum(1 << (d - 1) for d in digits_of(mask)
                    if all(board.positions(house, d).bit_count() != 2 for house in houses))
        if (mask & ~extra).bit_count() != 2:
            return None
        extras[cell] = extra
    if not extras or any(mask.bit_count() == 1 for mask in cands):
        return None
    for house in layout.houses:
        for digit in range(1, board.n + 1):
            places = board.positions(house, digit)
            count = sum(1 for cell in bits(places)
                        if not extras.get(cell, 0) >> (digit - 1) & 1)
            if count not in (0, 2):
                return None
    return extras


def bug_type_2(board: Board) -> Iterator[Step]:
    extras = bug_extras(board)
    if not extras or len(extras) < 2 or len(set(extras.values())) != 1:
        return
    extra = next(iter(extras.values()))
    if extra.bit_count() != 1:
        return
    digit = extra.bit_length()
    seen = board.digit_cells[digit]
    for cell in extras:
        seen &= board.layout.peers[cell]
    if seen:
        yield Step("BUG type 2", BUG_TYPE_2, cells=tuple(extras),
                   eliminations=tuple((cell, digit) for cell in bits(seen)),
                   candidates=tuple((cell, digit) for cell in extras))



def _shared_houses(board: Board, cells) -> list:
    mask = sum(1 << cell for cell in cells)
    return [house for house in board.layout.houses if house.mask & mask == mask]


def bug_type_3(board: Board) -> Iterator[Step]:
    extras = bug_extras(board)
    if not extras or len(extras) < 2:
        return
    cands, bug = board.candidates, tuple(extras)
    virtual = 0
    for extra in extras.values():
        virtual |= extra
    for house in _shared_houses(board, bug):
        others = [cell for cell in house.cells if cands[cell] and cell not in extras]
        for size in range(1, len(others)):
            for chosen in combinations(others, size):
                digits = virtual
                for cell in chosen:
                    digits |= cands[cell]
                if digits.bit_count() != size + 1:
                    continue
                removed = tuple((cell, d + 1) for cell in others if cell not in chosen
                                for d in bits(cands[cell] & digits))
                if removed:
                    yield Step("BUG type 3", round(BUG_TYPE_3 + 0.1 * (size - 1), 1),
                               cells=bug + chosen, eliminations=removed, houses=(house.name,),
                               candidates=tuple((cell, d + 1) for cell in bug
                                                for d in bits(extras[cell])))


def bug_type_4(board: Board) -> Iterator[Step]:
    extras = bug_extras(board)
    if not extras or len(extras) != 2 or any(e.bit_count() != 1 for e in extras.values()):
        return
    first, second = extras
    pair = (1 << first) | (1 << second)
    shared = board.candidates[first] & board.candidates[second] \
        & ~extras[first] & ~extras[second]
    for house in _shared_houses(board, (first, second)):
        for x in digits_of(shared):
            if board.positions(house, x) != pair:
                continue
            removed = tuple((cell, d) for cell in (first, second)
                            for d in digits_of(board.candidates[cell]
                                               & ~extras[cell] & ~(1 << (x - 1))))
            if removed:
                yield Step("BUG type 4", BUG_TYPE_4, cells=(first, second),
                           eliminations=removed, houses=(house.name,),
                           candidates=((first, x), (second, x)))
