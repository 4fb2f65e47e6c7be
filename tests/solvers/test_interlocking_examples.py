"""The shipped interlocking puzzles (assets/puzzles: the six-piece burr, the puzzle in a cage,
the sliding-lid box): their assemblies counted by the exact-cover oracle, every solution and a
few assemblies that do not come apart taken apart by the plain disassembly oracle, and the
counts and levels their descriptions give, from the solver."""

from __future__ import annotations

import re

import pytest

import disassembly_oracle as oracle
from oracle import oracle_counts_secondary
from puzzles import shipped
from solvers import Solution, count_solutions, solve
from solvers.disassembly.verdicts import level_text, summary
from solvers.kernels.status import SOLUTION

INTERLOCKING = ["six-piece-burr.json", "puzzle-in-a-cage.json", "sliding-lid-box.json"]
LOCKED_CHECKED = 4  # assemblies that do not come apart, checked by the oracle where it can


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
    moves; the first assemblies that do not come apart do not for the oracle either (those
    small enough for it)."""
    events = [e for e in solve(shipped(name), "distinct") if isinstance(e, Solution)]
    solutions = [e for e in events if e.verdict[0] == SOLUTION]
    locked = [e for e in events if e.verdict[0] != SOLUTION][:LOCKED_CHECKED]
    assert solutions
    for event in solutions:
        pieces = [set(cells) for _, cells in event.pieces]
        assert oracle.comes_apart(pieces)
        assert oracle.first_separation(pieces) == summary(event.verdict)[0][0]
    checked = 0
    for event in locked:
        try:
            assert not oracle.comes_apart([set(cells) for _, cells in event.pieces])
            checked += 1
        except oracle.TooBig:
            continue
    assert checked or not locked


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
