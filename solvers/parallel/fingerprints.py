"""Fingerprints of a run: what decides its solutions, and the placement rows its tasks are
named by. A run file, a cluster's workers and the app's kept runs compare them."""

from __future__ import annotations

import hashlib
import json

import numpy as np

from ..puzzle.model import Puzzle
from ..puzzle.sudoku_rules import has_variant_rules
from ..search.prepare import Prepared


def puzzle_fingerprint(puzzle: Puzzle) -> str:
    """SHA-256 of what decides a puzzle's solutions."""
    what = {"grid": puzzle.kind.value, "board": sorted(puzzle.board),
            "pieces": [[sorted(p.cells), p.count, p.mirror] for p in puzzle.pieces]}
    if puzzle.pins:
        index = {piece.name: number for number, piece in enumerate(puzzle.pieces)}
        what["pins"] = [[index[pin.piece], sorted(pin.cells)] for pin in puzzle.pins]
    if puzzle.is_sudoku:
        grid = puzzle.sudoku
        what["sudoku"] = [grid.box_rows, grid.box_cols, list(grid.givens)]
        if has_variant_rules(grid):
            what["rules"] = [list(grid.regions), grid.diagonals,
                             [[cage.total, list(cage.cells)] for cage in grid.cages]]
    if puzzle.has_secondary:  # only then, so that older run files keep their fingerprint
        what["optional"] = sorted(puzzle.optional)
        what["fewest"] = [p.fewest for p in puzzle.pieces]
    if puzzle.disassembly:  # likewise
        what["disassembly"] = [[list(map(list, p.groups)) for p in puzzle.pieces]]
    if puzzle.board_paint or puzzle.colour_rules or any(p.paint for p in puzzle.pieces):
        what["paint"] = {"board": [[list(cell), colour] for cell, colour in puzzle.board_paint],
                         "pieces": [[[list(cell), colour] for cell, colour in p.paint]
                                    for p in puzzle.pieces],
                         "rules": [list(pair) for pair in puzzle.colour_rules]}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


def placements_fingerprint(prepared: Prepared) -> str:
    """SHA-256 of the placement rows and the rows the search may use."""
    digest = hashlib.sha256(prepared.kernel.encode())
    if prepared.placements is not None:
        digest.update(np.ascontiguousarray(prepared.placements.masks).tobytes())
        digest.update(np.ascontiguousarray(prepared.placements.row_piece).tobytes())
        digest.update(np.ascontiguousarray(prepared.plan.root_rows).tobytes())
        if prepared.placements.row_paint is not None:  # painted rows alike in their cells
            digest.update(repr(prepared.placements.row_paint).encode())
    return digest.hexdigest()
