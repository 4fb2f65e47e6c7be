"""A move list checked step by step, independently of how it was made: straight slides of
whole units, no two pieces ever overlapping, each leaving half clear of everything."""

from __future__ import annotations

import numpy as np

from solvers.disassembly.moves import Disassembly


def check_moves(taken: Disassembly, kept_together: int = 0) -> None:
    """Every move slides one set of pieces straight, by whole units, through free cells; a
    removal leaves nothing of the rest ahead of the leaving pieces; in the end every piece is
    alone but for `kept_together` pieces that stay with others (a group)."""
    def cells_at(frame, pieces):
        return {(x + frame[p][0], y + frame[p][1], z + frame[p][2])
                for p in pieces for x, y, z in taken.cells[p]}

    everyone = range(len(taken.names))
    for number, move in enumerate(taken.moves):
        before, after = taken.frames[number], taken.frames[number + 1]
        moved = [p for p in everyone if not np.array_equal(before[p], after[p])]
        assert moved == sorted(move.pieces + move.drifting)
        shift = after[moved[0]] - before[moved[0]]
        assert all(np.array_equal(after[p] - before[p], shift) for p in moved)
        assert np.count_nonzero(shift) == 1 and shift[move.axis] == move.sign * move.distance
        still = cells_at(before, [p for p in everyone if p not in moved])
        for units in range(1, move.distance + 1):
            frame = before.copy()
            frame[moved] += np.sign(shift) * units
            assert not cells_at(frame, moved) & still, f"move {number + 1} collides"
        if move.removal:
            ahead = {(c[:move.axis] + c[move.axis + 1:]): c[move.axis] * move.sign
                     for c in cells_at(after, [p for p in everyone if p not in moved])}
            for c in cells_at(after, moved):
                key = c[:move.axis] + c[move.axis + 1:]
                assert key not in ahead or ahead[key] < c[move.axis] * move.sign
    assert taken.separations == len(taken.names) - 1 - kept_together
