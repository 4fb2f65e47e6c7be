"""The disassembler on BurrTools' own files (tests/data/burrtools): assemblies, solutions,
levels and moves as BurrTools 0.7.1 recorded them (the files' `solutions=`, and the counts
its run on this machine kind gave, in the team's benchmark figures), and every move list it
makes checked step by step (move_checks.py)."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles import BURRTOOLS
from solvers import count_solutions
from solvers.disassembly.analyser import Disassembler
from move_checks import check_moves
from solvers.disassembly.moves import take_apart
from solvers.puzzle.burrtools import load_burrtools
from solvers.search.events import Solution
from solvers.search.solve import solve


def solutions_of(puzzle, symmetry="distinct") -> list[Solution]:
    return [event for event in solve(puzzle, symmetry)
            if isinstance(event, Solution) and event.verdict[0] == 1]


def test_pelikan_burr_has_12_assemblies_and_one_solution_of_level_98_2_4_2():
    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    found = count_solutions(puzzle)
    assert (found.assemblies, found.solutions) == (12, 1) == (
        puzzle.extra["burrtools"]["assemblies"], puzzle.extra["burrtools"]["solutions"])
    assert dict(found.levels) == {"98.2.4.2": 1}
    [solution] = solutions_of(puzzle)
    taken = take_apart(Disassembler(puzzle, solution.placements), np.array(solution.rows))
    assert taken.level == (98, 2, 4, 2) and len(taken.moves) == 108
    # BurrTools' record: 98 moves to the first separation (S5 and S6 leave), then 1, 2, 1,
    # 4 and 2, S5 and S6 apart before the rest
    per_separation = [sum(m.separation == s for m in taken.moves) for s in range(6)]
    assert per_separation == [98, 1, 2, 1, 4, 2]
    assert {taken.names[p] for p in taken.moves[97].pieces} == {"S5", "S6"}
    check_moves(taken)


def test_cube_in_cage_needs_its_frame_group():
    """The cage's three frame pieces (group 1) never come apart: allowed, so 1 of the 96
    assemblies is a solution, at level 4.9.3; without the group, none is."""
    puzzle = load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle")
    assert [p.groups for p in puzzle.pieces[:2]] == [(("1", 1),), (("1", 2),)]
    found = count_solutions(puzzle)
    assert (found.assemblies, found.solutions) == (96, 1)
    assert dict(found.levels) == {"4.9.3": 1}
    import dataclasses
    ungrouped = dataclasses.replace(puzzle, pieces=tuple(
        dataclasses.replace(p, groups=()) for p in puzzle.pieces))
    assert count_solutions(ungrouped).solutions == 0
    [solution] = solutions_of(puzzle)
    taken = take_apart(Disassembler(puzzle, solution.placements), np.array(solution.rows))
    assert taken.level == (4, 9, 3) and len(taken.moves) == 16
    check_moves(taken, kept_together=2)  # the frame's three pieces stay together


def test_al_packino_comes_apart_box_staying_put():
    puzzle = load_burrtools(BURRTOOLS / "AlPackino.xmpuzzle")
    found = count_solutions(puzzle)
    assert (found.assemblies, found.solutions) == (1, 1)
    [solution] = solutions_of(puzzle)
    taken = take_apart(Disassembler(puzzle, solution.placements), np.array(solution.rows))
    assert len(taken.moves) == 17 and taken.separations == 12
    box = taken.names.index("Box")  # weight 2: it stays, its contents leave
    assert not taken.frames[:, box].any()
    check_moves(taken)


def test_the_piece_generator_demo_has_927_solutions_of_928():
    """Its one assembly of a single piece (no cube added) has nothing to take apart."""
    found = count_solutions(load_burrtools(BURRTOOLS / "DemoPieceGenerator.xmpuzzle"))
    assert (found.assemblies, found.solutions) == (928, 927)


@pytest.mark.slow
def test_the_solid_six_piece_burrs_are_314():
    """1,063 assemblies keeping mirror images (BurrTools' Keep Mirror Solutions, PolyGUI's
    'rotations'), of which the well-known 314 come apart: 257 at level 1, 57 at 1.2 (the
    file's records: 57 of its separations take two moves)."""
    puzzle = load_burrtools(BURRTOOLS / "SolidSixPieceBurrs.xmpuzzle")
    found = count_solutions(puzzle, "rotations")
    assert (found.assemblies, found.solutions) == (1063, 314) == (
        puzzle.extra["burrtools"]["assemblies"], puzzle.extra["burrtools"]["solutions"])
    assert dict(found.levels) == {"1": 257, "1.2": 57}
    solutions = solutions_of(puzzle, "rotations")
    disassembler = Disassembler(puzzle, solutions[0].placements)
    for solution in solutions[::40]:
        check_moves(take_apart(disassembler, np.array(solution.rows)))


def test_why_no_solution_names_the_pieces_that_lock():
    """Without its frame group, none of CubeInCage's 96 assemblies comes apart: the three
    frame pieces lock (the fewest pieces found that cannot be parted)."""
    import dataclasses

    from solvers.analysis.conflicts import minimal_core

    puzzle = load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle")
    ungrouped = dataclasses.replace(puzzle, pieces=tuple(
        dataclasses.replace(p, groups=()) for p in puzzle.pieces))
    core = minimal_core(ungrouped)
    assert core.lock.assemblies == 96
    assert sorted(core.pieces) == ["Frame1", "Frame2#1", "Frame2#2"]
    assert core.text(ungrouped) == ("96 assemblies, none comes apart: the pieces Frame1, "
                                    "Frame2#1 and Frame2#2 lock")
    assert minimal_core(puzzle) is None  # with the group, one comes apart


def burrtools_separations(separation, found=None) -> list[tuple[int, frozenset]]:
    """The separations BurrTools recorded in a `<separation>` (and those it holds, the part
    removed first), each as (its moves, the pieces of the part)."""
    found = [] if found is None else found
    pieces = frozenset(int(p) for p in separation.find("pieces").text.split())
    found.append((len(separation.findall("state")) - 1, pieces))
    for part in ("removed", "left"):
        for inner in separation.findall("separation"):
            if inner.get("type") == part:
                burrtools_separations(inner, found)
    return found


def test_pelikan_burr_separates_as_burrtools_recorded():
    """The file holds BurrTools' disassembly: the same parts come apart in the same order,
    each after as many moves (the moves themselves may differ where shortest paths tie)."""
    import gzip
    from xml.etree import ElementTree

    root = ElementTree.fromstring(gzip.open(BURRTOOLS / "PelikanBurr.xmpuzzle").read())
    recorded = burrtools_separations(root.find("problems/problem/solutions/solution/separation"))
    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    [solution] = solutions_of(puzzle)
    taken = take_apart(Disassembler(puzzle, solution.placements), np.array(solution.rows))
    ours, parts = [], [frozenset(range(len(taken.names)))]
    for number in range(taken.separations):
        moves = [move for move in taken.moves if move.separation == number]
        part = next(part for part in parts if moves[-1].pieces[0] in part)
        ours.append((len(moves), part))
        parts.remove(part)
        leaving = frozenset(moves[-1].pieces)
        parts += [leaving, part - leaving]
    assert sorted(ours, key=lambda s: sorted(s[1])) == sorted(recorded, key=lambda s: sorted(s[1]))
    assert [moves for moves, _ in ours] == [moves for moves, _ in recorded]
