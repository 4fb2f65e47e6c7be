"""Aligned pair (6.2) and triplet (7.5) exclusion, as Sudoku Explainer finds them: for two
(three) cells and the small cells that see all of them (excluders: 2 candidates for pairs,
2 or 3 for triplets), a combination of digits for the cells is impossible when two cells
that see each other get the same digit or when it takes every candidate of an excluder; a
digit of a cell found in no possible combination is removed."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .board import Board, bits, colex_combinations
from .steps import Step

NAMES = {2: ("Aligned Pair Exclusion", 6.2), 3: ("Aligned Triplet Exclusion", 7.5)}


def aligned_pairs(board: Board) -> Iterator[Step]:
    yield from aligned_exclusion(board, 2)


def aligned_triplets(board: Board) -> Iterator[Step]:
    yield from aligned_exclusion(board, 3)


def _bases(board: Board, degree: int) -> dict[int, list[int]]:
    """SE's base cells (2+ candidates, no naked single among their peers, an excluder at
    least) with their excluders, in row-major order."""
    cands, peers = board.candidates, board.layout.peers
    small = 2 if degree == 2 else None
    bases: dict[int, list[int]] = {}
    for cell, mask in enumerate(cands):
        if mask.bit_count() < 2:
            continue
        sizes = [(peer, cands[peer].bit_count()) for peer in sorted(bits(peers[cell]))]
        if any(size == 1 for _, size in sizes):
            continue
        excluders = [peer for peer, size in sizes
                     if (size == small if small else 2 <= size <= degree)]
        if excluders:
            bases[cell] = excluders
    return bases


def aligned_exclusion(board: Board, degree: int) -> Iterator[Step]:
    """The aligned exclusions of `degree` cells, in SE's order."""
    bases = _bases(board, degree)
    if len(bases) < degree:
        return
    for first, second in colex_combinations(list(bases), 2):
        if degree == 2:
            tails: list[tuple[int, ...]] = [()]
        else:
            area = dict.fromkeys(bases[first] + bases[second])
            tails = [(cell,) for cell in area if cell in bases and cell not in (first, second)]
        for tail in tails:
            cells = (first, second, *tail)
            common = [cell for cell in bases[first]
                      if all(cell in bases[other] for other in cells[1:])]
            if len(common) < 2:
                continue
            step = _exclusion(board, cells, common, degree)
            if step is not None:
                yield step


def _exclusion(board: Board, cells: tuple[int, ...], common: list[int],
               degree: int) -> Step | None:
    cands, peers = board.candidates, board.layout.peers
    allowed = [set() for _ in cells]
    for digits in product(*(list(bits(cands[cell])) for cell in cells)):
        if any(digits[i] == digits[j] and peers[cells[i]] >> cells[j] & 1
               for i in range(len(cells)) for j in range(i + 1, len(cells))):
            continue
        used = sum(1 << digit for digit in digits)
        if any(not cands[excluder] & ~used for excluder in common):
            continue
        for i, digit in enumerate(digits):
            allowed[i].add(digit)
    eliminations = tuple((cell, bit + 1) for i, cell in enumerate(cells)
                         for bit in bits(cands[cell]) if bit not in allowed[i])
    if not eliminations:
        return None
    name, rating = NAMES[degree]
    return Step(name, rating, eliminations=eliminations, cells=cells + tuple(common),
                candidates=tuple((cell, bit + 1) for cell in cells + tuple(common)
                                 for bit in bits(cands[cell])))
