"""Finned and sashimi fish (X-Wing, Swordfish, Jellyfish).

A fish of size k on a digit: k base lines whose places of the digit lie in k cover lines,
but for a few places (the fins) that all lie in one box. Either a fin holds the digit, or
the plain fish does: a cover cell that sees every fin (in the fins' box, outside the base
lines) loses it either way. Sashimi: a base line keeps at most one place outside the fins.
Neither is on Sudoku Explainer 1.2.1's scale; the ratings are ours (documented in the
guide): the plain fish's plus 0.2, plus 0.3 for sashimi.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .board import BOX, COLUMN, ROW, Board, bits, colex_combinations
from .steps import Step
from .subsets import FISH


def finned_fish(board: Board, size: int) -> Iterator[Step]:
    base_name, plain = FISH[size]
    boxes = board.layout.of_kind(BOX)
    for base_kind, cover_kind in ((ROW, COLUMN), (COLUMN, ROW)):
        bases = board.layout.of_kind(base_kind)
        covers = board.layout.of_kind(cover_kind)
        for digit in range(1, board.n + 1):
            lines = [(house, board.positions(house, digit)) for house in bases]
            lines = [(house, places) for house, places in lines if places]
            for chosen in colex_combinations(lines, size):
                places = 0
                for _, line_places in chosen:
                    places |= line_places
                base_mask = sum(house.mask for house, _ in chosen)
                for box in boxes:
                    if not places & box.mask:
                        continue
                    yield from _with_fins(board, digit, size, chosen, places, base_mask,
                                          box, covers, base_name, plain)


def _with_fins(board, digit, size, chosen, places, base_mask, box, covers, base_name,
               plain) -> Iterator[Step]:
    outside = places & ~box.mask
    needed = [cover for cover in covers if cover.mask & outside]
    if len(needed) > size:
        return
    extra = [cover for cover in covers if cover.mask & places & box.mask
             and cover not in needed]
    for more in combinations(extra, size - len(needed)):
        used = needed + list(more)
        cover_mask = sum(cover.mask for cover in used)
        fins = places & ~cover_mask
        if not fins:
            continue  # a plain fish, found before
        seen = board.digit_cells[digit] & cover_mask & ~base_mask & box.mask
        for fin in bits(fins):
            seen &= board.layout.peers[fin]
        if not seen:
            continue
        sashimi = any((line_places & ~fins).bit_count() <= 1 for _, line_places in chosen)
        name = f"{'Sashimi' if sashimi else 'Finned'} {base_name}"
        yield Step(name, round(plain + (0.3 if sashimi else 0.2), 1),
                   eliminations=tuple((cell, digit) for cell in bits(seen)),
                   cells=tuple(bits(places)),
                   candidates=tuple((cell, digit) for cell in bits(places)),
                   houses=tuple(h.name for h, _ in chosen) + tuple(h.name for h in used)
                   + (box.name,))


def finned_x_wings(board: Board) -> Iterator[Step]:
    yield from finned_fish(board, 2)


def finned_swordfish(board: Board) -> Iterator[Step]:
    yield from finned_fish(board, 3)


def finned_jellyfish(board: Board) -> Iterator[Step]:
    yield from finned_fish(board, 4)
