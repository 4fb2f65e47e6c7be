"""The batch analysis' first search (disassembly_tree.analyse_batch): an assembly that does not
come apart where it lies has its whole searched with no analysis state made for it, and an
analysis state is made only when that search finds a separation or runs out of budget. Every
way that search can end must give the general analysis' verdict and states: locked, found
and handed over, stopped by the budget and resumed (test_disassembly), too big for the state
limit, and a whole the puzzle's groups let stay together."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from solvers.disassembly.analyser import Disassembler
from solvers.kernels.status import LOCKED, SOLUTION, TOO_BIG
from test_disassembly_quick import assemblies, general_of


def batch_verdicts(disassembler: Disassembler, rows: np.ndarray):
    batch = disassembler.block(rows)
    cancel = np.zeros(1, dtype=np.int64)
    while not batch.run(1 << 30, cancel):
        pass
    return batch.verdicts, batch.states


@pytest.mark.parametrize("limit", [30, 2000])
def test_a_state_limit_ends_the_whole_search_as_the_general_analysis_does(limit):
    """PelikanBurr's whole searches outgrow a limit of 30 states (TOO_BIG, every one) and its
    solution's 98-move search one of 2,000; the others end as before."""
    puzzle, prepared, rows = assemblies("PelikanBurr")
    disassembler = Disassembler(puzzle, prepared.placements, state_limit=limit)
    verdicts, states = batch_verdicts(disassembler, rows)
    outcomes = set()
    for row, verdict, kept in zip(rows, verdicts, states):
        expected, expected_states = general_of(disassembler, row, limit)
        assert np.array_equal(verdict, expected) and kept == expected_states
        outcomes.add(int(verdict[0]))
    assert TOO_BIG in outcomes and (limit == 30 or LOCKED in outcomes)


def test_a_whole_that_cannot_come_apart_is_a_solution_when_one_group_holds_it():
    """CubeInCage with every piece in one group: most of its 95 locked assemblies are then allowed as
    they lie (one part that needs no separation, info [0]), as the general analysis allows
    them, and the solution is unchanged."""
    puzzle, prepared, rows = assemblies("CubeInCage")
    pieces = tuple(replace(piece, groups=(("all", piece.count),)) for piece in puzzle.pieces)
    grouped = replace(puzzle, pieces=pieces)
    disassembler = Disassembler(grouped, prepared.placements)
    assert disassembler.exact_groups  # the batch analysis' path, not one at a time
    verdicts, states = batch_verdicts(disassembler, rows)
    allowed = 0
    for row, verdict, kept in zip(rows, verdicts, states):
        expected, expected_states = general_of(disassembler, row)
        assert np.array_equal(verdict, expected) and kept == expected_states
        allowed += verdict[0] == SOLUTION and verdict[1] == 0
    assert allowed >= 80 and all(verdicts[:, 0] == SOLUTION)
