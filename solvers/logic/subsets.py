"""Naked and hidden pairs, triples and quads; X-Wing, Swordfish and Jellyfish."""

from __future__ import annotations

from collections.abc import Iterator

from .board import COLUMN, ROW, Board, House, bits, colex_combinations, digits_of
from .singles import hidden_sets
from .steps import Step

SET_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}
NAKED_RATINGS = {2: 3.0, 3: 3.6, 4: 5.0}
FISH = {2: ("X-Wing", 3.2), 3: ("Swordfish", 3.8), 4: ("Jellyfish", 5.2)}


def naked_sets(board: Board, size: int) -> Iterator[Step]:
    """`size` cells of a house whose candidates are `size` digits in all: the rest of the
    house loses those digits."""
    for house in board.layout.houses:
        open_cells = [cell for cell in house.cells if board.candidates[cell]]
        if len(open_cells) < 2 * size:
            continue  # SE: else the complement is a hidden set
        small = [cell for cell in open_cells if board.candidates[cell].bit_count() <= size]
        for cells in colex_combinations(small, size):
            union = 0
            for cell in cells:
                union |= board.candidates[cell]
            if union.bit_count() != size:
                continue
            if any(board.candidates[cell] & union for cell in open_cells
                   if cell not in cells):
                yield naked_set_step(board, house, cells)


def naked_set_step(board: Board, house: House, cells: tuple[int, ...]) -> Step:
    """The step of `cells` of `house` whose candidates are as many digits in all."""
    union = 0
    for cell in cells:
        union |= board.candidates[cell]
    eliminations = tuple((cell, digit) for cell in house.cells
                         if board.candidates[cell] and cell not in cells
                         for digit in digits_of(board.candidates[cell] & union))
    return Step(f"Naked {SET_NAMES[len(cells)]}", NAKED_RATINGS[len(cells)],
                eliminations=eliminations, cells=cells, houses=(house.name,),
                candidates=tuple((cell, digit) for cell in cells
                                 for digit in digits_of(board.candidates[cell])))


def fish(board: Board, size: int) -> Iterator[Step]:
    """A digit whose places in `size` rows lie in `size` columns (or the other way round):
    the rest of those columns lose it."""
    name, rating = FISH[size]
    for base_kind, cover_kind in ((ROW, COLUMN), (COLUMN, ROW)):
        bases = board.layout.of_kind(base_kind)
        covers = board.layout.of_kind(cover_kind)
        for digit in range(1, board.n + 1):
            lines = [(house, board.positions(house, digit)) for house in bases]
            lines = [(house, places) for house, places in lines
                     if 2 <= places.bit_count() <= size]
            for chosen in colex_combinations(lines, size):
                places = 0
                for _, line_places in chosen:
                    places |= line_places
                used = [cover for cover in covers if cover.mask & places]
                if len(used) != size:
                    continue
                cover_mask = sum(cover.mask for cover in used)
                removed = board.digit_cells[digit] & cover_mask & ~places
                if removed:
                    yield Step(name, rating,
                               eliminations=tuple((cell, digit) for cell in bits(removed)),
                               cells=tuple(bits(places)),
                               candidates=tuple((cell, digit) for cell in bits(places)),
                               houses=tuple(h.name for h, _ in chosen) +
                               tuple(h.name for h in used))


def finder(function, *args):
    """A finder of one board from a function of (board, *args)."""
    def find(board: Board) -> Iterator[Step]:
        return function(board, *args)
    return find


NAKED_PAIRS, NAKED_TRIPLES, NAKED_QUADS = (finder(naked_sets, k) for k in (2, 3, 4))
HIDDEN_PAIRS, HIDDEN_TRIPLES, HIDDEN_QUADS = (finder(hidden_sets, k, False) for k in (2, 3, 4))
X_WINGS, SWORDFISH, JELLYFISH = (finder(fish, k) for k in (2, 3, 4))
