"""The batch analysis' quick path (kernels/disassembly_quick.py): an assembly whose every
separation is open where its pieces lie is taken apart from its pairs' gaps worked out once,
with no search; it must give exactly the general analysis' verdict and states, and hand every
other assembly back to it."""

from __future__ import annotations

import random

import numpy as np

from puzzles import BURRTOOLS
from solvers.disassembly.analyser import Disassembler, analyse_all, begin_pieces, kernels
from solvers.disassembly.verdicts import UNANALYSED, verdict_width
from solvers.kernels.disassembly_quick import take_apart_at_once
from solvers.kernels.status import ANALYSIS_CURSOR, ANALYSIS_INFO, ANALYSIS_WORK, BUDGET
from solvers.kernels.status import CURSOR_SEARCHED, SOLUTION
from test_disassembly import caged_assembly, random_assembly


def general(pieces, width: int = 0, groups=None, limit: int = 1 << 23
            ) -> tuple[np.ndarray, int]:
    """(verdict row (of `width` numbers, 0: as many as the pieces need), states kept) of
    the general analysis (disassembly_tree.run), keeping at most `limit` states; groups as
    analyse_pieces takes them."""
    state = begin_pieces(pieces, groups, False)
    cancel = np.zeros(1, dtype=np.int64)
    outcome = BUDGET
    while outcome == BUDGET:
        outcome, _, state = kernels().run(state, limit, 1 << 30, cancel, False)
    verdict = np.full(width or verdict_width(len(pieces)), UNANALYSED, dtype=np.int32)
    verdict[0] = outcome
    verdict[1:1 + state[ANALYSIS_INFO].size] = state[ANALYSIS_INFO]
    return verdict, int(state[ANALYSIS_CURSOR][CURSOR_SEARCHED])


def assemblies(name: str):
    """(puzzle, prepared puzzle, every assembly's placement rows) of a BurrTools example."""
    from solvers.puzzle.burrtools import load_burrtools
    from solvers.search.prepare import prepare_puzzle
    from solvers.search.slices import SlicedSearch

    puzzle = load_burrtools(BURRTOOLS / f"{name}.xmpuzzle")
    prepared = prepare_puzzle(puzzle, "distinct")
    sliced = SlicedSearch(prepared, prepared.new_search(), record=True)
    rows = []
    while not sliced.search.finished:
        rows.append(sliced._search_slice(0))
    return puzzle, prepared, np.concatenate(rows)


def general_of(disassembler: Disassembler, row: np.ndarray, limit: int = 1 << 23
               ) -> tuple[np.ndarray, int]:
    """`general` of the assembly a row of placements makes, with the puzzle's groups."""
    shapes, origins, types = disassembler.pieces_of(row)
    pieces = [disassembler.cells_of(shape, origin) for shape, origin in zip(shapes, origins)]
    return general(pieces, disassembler.width, disassembler.groups_by_type[types].tolist(),
                   limit)


def quick(pieces) -> tuple[np.ndarray, int]:
    """(verdict row, separations) of the quick path; separations -1: handed back."""
    state = begin_pieces(pieces, None, False)
    verdict = np.full(verdict_width(len(pieces)), UNANALYSED, dtype=np.int32)
    separations = take_apart_at_once(state[3], state[4], state[5], state[6], state[1],
                                     len(pieces), state[ANALYSIS_WORK], verdict)
    verdict[0] = SOLUTION
    return verdict, separations


def test_the_quick_path_gives_the_general_verdicts_or_hands_the_assembly_back():
    rng = random.Random(30)
    cases = [random_assembly(rng, rng.choice([(3, 3, 2), (4, 3, 2), (3, 3, 3), (4, 4, 2)]),
                             rng.randint(2, 7), rng.randint(0, 3)) for _ in range(80)]
    cases += [caged_assembly(random.Random(seed)) for seed in range(40)]
    taken = handed_back = 0
    for pieces in cases:
        expected, states = general(pieces)
        verdict, separations = quick(pieces)
        if separations >= 0:
            taken += 1
            assert np.array_equal(verdict, expected) and separations == states
        else:  # locked, or some separation needs a move first
            handed_back += 1
            assert expected[0] != SOLUTION or any(moves > 1 for moves in expected[1:])
    assert taken >= 40 and handed_back >= 30  # both ways exercised


def test_a_batch_gives_the_verdicts_of_one_assembly_at_a_time():
    """DemoPieceGenerator's 928 assemblies (927 of them quick), and CubeInCage's 96 (none,
    one of them a solution thanks to a group): the batch's verdicts and states are those of
    each assembly's general analysis."""
    for name in ("DemoPieceGenerator", "CubeInCage"):
        puzzle, prepared, rows = assemblies(name)
        disassembler = Disassembler(puzzle, prepared.placements)
        batch = disassembler.block(rows)
        cancel = np.zeros(1, dtype=np.int64)
        while not batch.run(1 << 30, cancel):
            pass
        for row, verdict, states in zip(rows, batch.verdicts, batch.states):
            expected, expected_states = general_of(disassembler, row)
            assert np.array_equal(verdict, expected) and states == expected_states
        assert np.array_equal(analyse_all(disassembler, rows), batch.verdicts)
