"""A step of a logical solve as data: which technique, its rating on the Sudoku Explainer
scale, its proof (the houses and cells it looks at, the candidates that prove it) and its
effect (the digits it places, the candidates it eliminates)."""

from __future__ import annotations

from dataclasses import field

from ..puzzle.model import SUDOKU_SYMBOLS
from ..records import record

Candidate = tuple[int, int]  # (cell, digit)
Node = tuple[int, int, bool]  # (cell, digit, on): a candidate assumed true (on) or false


@record
class Step:
    technique: str
    rating: float
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[int, ...] = ()  # the cells the pattern is made of
    candidates: tuple[Candidate, ...] = ()  # the candidates that prove it
    houses: tuple[str, ...] = ()  # 'row 3', 'box 5', ...
    links: tuple[tuple[Candidate, Candidate], ...] = field(default=())  # chains: a -> b
    chain: tuple[tuple[Node, Node], ...] = ()  # chains' implications: cause -> effect

    def describe(self, n: int) -> str:
        """One line: 'Hidden Single (1.2) in box 3: r2c3=5'."""
        where = f" in {', '.join(self.houses)}" if self.houses else ""
        effects = [f"{cell_name(n, cell)}={digit_symbol(digit)}"
                   for cell, digit in self.placements]
        if self.eliminations:
            effects.append(candidates_text(n, self.eliminations, "-"))
        pattern = f" [{', '.join(cell_name(n, cell) for cell in self.cells)}]" if self.cells \
            and not self.placements else ""
        return f"{self.technique} ({self.rating:.1f}){where}{pattern}: {'; '.join(effects)}"

    def as_json(self, n: int) -> dict:
        """The step as plain JSON data, cells named r1c1 and digits as symbols."""
        def named(pairs):
            return [[cell_name(n, cell), digit_symbol(digit)] for cell, digit in pairs]
        return {"technique": self.technique, "rating": self.rating,
                "placements": named(self.placements), "eliminations": named(self.eliminations),
                "cells": [cell_name(n, cell) for cell in self.cells],
                "candidates": named(self.candidates), "houses": list(self.houses),
                "links": [[*named([a]), *named([b])] for a, b in self.links],
                "chain": [[[cell_name(n, c1), digit_symbol(d1), on1],
                           [cell_name(n, c2), digit_symbol(d2), on2]]
                          for (c1, d1, on1), (c2, d2, on2) in self.chain]}


def digit_symbol(digit: int) -> str:
    return SUDOKU_SYMBOLS[digit - 1]


def cell_name(n: int, cell: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def candidates_text(n: int, pairs, sign: str) -> str:
    """'r1c2-5, r3c4-7' (sign '-') for eliminations."""
    return ", ".join(f"{cell_name(n, cell)}{sign}{digit_symbol(digit)}" for cell, digit in pairs)
