"""The shipped interlocking puzzles (assets/puzzles: the six-piece burr, the puzzle in a cage,
the sliding-lid box): their assemblies counted by the exact-cover oracle, every solution and a
few assemblies that do not come apart taken apart by the plain disassembly oracle, and the
counts and levels their descriptions give, from the solver."""

from __future__ import annotations

import re

import numpy as np
import pytest

import disassembly_oracle as oracle
from oracle import oracle_counts_secondary
from puzzles import shipped
from solvers import Solution, count_solutions, solve
from solvers.disassembly.analyser import Disassembler
from solvers.disassembly.moves import take_apart
from solvers.disassembly.verdicts import level_text, summary
from solvers.kernels.status import SOLUTION

INTERLOCKING = ["six-piece-burr.json", "puzzle-in-a-cage.json", "sliding-lid-box.json"]
LOCKED_CHECKED = 4  # assemblies that do not come apart, checked by the oracle


@pytest.mark.parametrize("name", INTERLOCKING)
def test_the_assemblies_are_the_oracles(name):
    puzzle = shipped(name)
    assert puzzle.disassembly
    pieces = [(list(p.cells), (p.fewest, p.count), p.mirror) for p in puzzle.pieces]
    expected = oracle_counts_secondary("cube", list(puzzle.board), pieces, list(puzzle.optional))
    for mode, count in expected.items():
        assert count_solutions(puzzle, mode).assemblies == count, mode


@pytest.mark.slow
@pytest.mark.parametrize("name", INTERLOCKING)
def test_solutions_and_levels_are_the_oracles(name):
    """Each solution comes apart for the oracle too, its first separation after as many
    moves. Of the first assemblies that do not come apart, the pieces the disassembler
    names as locked have no separation at all for the oracle, where the assembly put them
    (so, by the argument in solvers/kernels/disassembly.py, the assembly has none)."""
    puzzle = shipped(name)
    events = [e for e in solve(puzzle, "distinct") if isinstance(e, Solution)]
    solutions = [e for e in events if e.verdict[0] == SOLUTION]
    locked = [e for e in events if e.verdict[0] != SOLUTION][:LOCKED_CHECKED]
    assert solutions
    for event in solutions:
        pieces = [set(cells) for _, cells in event.pieces]
        assert oracle.comes_apart(pieces)
        assert oracle.first_separation(pieces) == summary(event.verdict)[0][0]
    for event in locked:
        taken = take_apart(Disassembler(puzzle, event.placements), np.array(event.rows))
        assert len(taken.locked) >= 2
        assert oracle.first_separation([set(taken.cells[p]) for p in taken.locked]) is None


@pytest.mark.parametrize("name", INTERLOCKING)
def test_the_descriptions_say_what_the_solver_finds(name):
    """Each description's "Expected:" gives the assemblies, the solutions and the levels."""
    puzzle = shipped(name)
    expected = puzzle.description.split("Expected:")[1]
    found = count_solutions(puzzle, "distinct")
    numbers = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", expected)]
    assert numbers[:2] == [found.assemblies, found.solutions]
    for level, _count in found.levels:
        assert level in expected
    solutions = [e for e in solve(puzzle, "distinct") if isinstance(e, Solution)
                 and e.verdict[0] == SOLUTION]
    assert {level_text(summary(e.verdict)[0]) for e in solutions} == \
        {level for level, _ in found.levels}
