"""Taking assemblies apart in every kind of run: the same verdicts on one thread, on two, on
a real Dask cluster and in a resumed run file (stopped, and killed with SIGKILL); orbits
expanded with their verdicts; `polygui-solve`'s JSON, move lists and --no-disassembly."""

from __future__ import annotations

import dataclasses
import json
from itertools import product

import numpy as np
import pytest

from solvers import Progress, Solution, SolutionBatch, count_solutions, solve
from solvers.cli.main import main as solve_main
from solvers.disassembly.analyser import analyse_pieces
from solvers.parallel.run import ParallelRun
from solvers.parallel.runfile import RunFile
from solvers.puzzle.burrtools import load_burrtools
from solvers.puzzle.movement_rules import group_bits
from puzzles import BURRTOOLS, pentomino_box, pentominoes_in_a_tray, shipped, soma_in_a_box
from test_parallel import killed_once_tasks_are_kept


def verdicts_of(events) -> tuple[dict, Progress]:
    """(assembly rows -> verdict row, the final Progress) of a run's events."""
    kept, last = {}, None
    for event in events:
        if isinstance(event, SolutionBatch):
            for rows, verdict in zip(event.rows.tolist(), event.verdicts.tolist()):
                kept[tuple(rows)] = tuple(verdict)
        elif isinstance(event, Solution):
            kept[event.rows] = event.verdict
        else:
            last = event
    assert last.phase == "done" and last.exhausted
    return kept, last


def test_threads_and_tasks_give_the_same_verdicts():
    puzzle = load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle")
    one, final = verdicts_of(solve(puzzle, "distinct"))
    split, split_final = verdicts_of(ParallelRun(puzzle, "distinct", jobs=2, trial_seconds=0,
                                                 batched=True).events())
    assert one == split and len(one) == 96
    assert (final.assemblies, final.solutions, final.levels) == \
        (split_final.assemblies, split_final.solutions, split_final.levels) == (96, 1, (("4.9.3", 1),))


@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_verdicts():
    """A real LocalCluster of two worker processes analyses the assemblies of its tasks."""
    puzzle = load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle")
    here, _ = verdicts_of(solve(puzzle, "distinct"))
    there, final = verdicts_of(solve(puzzle, "distinct", cluster="local:2"))
    assert here == there
    assert (final.assemblies, final.solutions) == (96, 1)


def test_orbits_expand_with_each_members_own_verdict():
    """'all' expands each distinct assembly into its orbit; every member, taken apart on its
    own from its cells, gets the verdict its representative handed it."""
    puzzle = load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle")
    bits = group_bits(puzzle.pieces)
    events = list(solve(puzzle, "all"))
    members = [e for e in events if isinstance(e, Solution)]
    final = events[-1]
    assert final.assemblies == len(members) > 96
    assert final.solutions == sum(e.verdict[0] == 1 for e in members) > 1
    placements = members[0].placements
    for event in members[::7] + [e for e in members if e.verdict[0] == 1]:
        shapes = [cells for _, cells in event.pieces]
        groups = [bits[int(placements.row_piece[r])] for r in event.rows
                  if placements.row_items[r]]
        assert analyse_pieces(shapes, groups)[0] == event.verdict[0]


@pytest.mark.parametrize("count_only", [True, False])
def test_a_stopped_run_resumes_to_the_same_solutions_and_levels(tmp_path, count_only):
    """Stopped with some tasks searched and analysed, others searched and waiting for their
    analysis jobs, others not begun: the resumed run ends with the single search's counts."""
    puzzle = soma_in_a_box()
    whole = count_solutions(puzzle, "distinct")
    run_path = tmp_path / "box.polyrun"
    first = ParallelRun(puzzle, "distinct", jobs=2, trial_seconds=0, count_only=count_only,
                        checkpoint=run_path).events()
    for event in first:
        if isinstance(event, Progress) and event.fraction_done > 0.3:
            break
    first.close()
    kept = RunFile.open(run_path)
    assert 0 < len(kept.finished()) < len(kept.split().tasks)
    kept.close()
    resumed = list(ParallelRun(None, "distinct", jobs=2, count_only=count_only,
                               resume=run_path).events())
    final = resumed[-1]
    assert final.exhausted
    assert (final.assemblies, final.solutions, final.levels) == \
        (whole.assemblies, whole.solutions, whole.levels)
    if not count_only:
        given = [e for e in resumed if isinstance(e, Solution)]
        assert len(given) == len({e.rows for e in given}) == whole.assemblies


@pytest.mark.slow
def test_a_run_killed_with_sigkill_resumes_to_the_exact_solutions(tmp_path):
    """The 3940 pentomino packings of a 3x4x5 box, each taken apart: killed once some tasks
    are kept, resumed here to the count and levels of a run straight through."""
    puzzle = dataclasses.replace(pentomino_box(3, 4, 5), disassembly=True)
    run_path = killed_once_tasks_are_kept(puzzle, tmp_path)
    final = count_solutions(None, "distinct", resume=run_path, jobs=2)
    assert (final.assemblies, final.solutions) == (3940, 3940) and final.exhausted
    expected = count_solutions(puzzle, "distinct", jobs=2)
    assert final.levels == expected.levels


def test_polygui_solve_reports_assemblies_solutions_and_levels(capsys, tmp_path):
    moves = tmp_path / "moves.txt"
    assert solve_main([str(BURRTOOLS / "PelikanBurr.xmpuzzle"), "--json", "--export-moves",
                       str(moves)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    result = json.loads(lines[-1])
    assert (result["assemblies"], result["solutions"], result["levels"]) == \
        (12, 1, {"98.2.4.2": 1})
    assert any("comes apart: level 98.2.4.2, 108 moves" in line for line in lines)
    text = moves.read_text()
    assert "Level 98.2.4.2, 108 moves" in text and text.count(" out\n") == 6
    as_json = tmp_path / "moves.json"
    assert solve_main([str(BURRTOOLS / "PelikanBurr.xmpuzzle"), "--show", "0",
                       "--export-moves", str(as_json)]) == 0
    [solution] = json.loads(as_json.read_text())["solutions"]
    assert solution["level"] == "98.2.4.2" and len(solution["moves"]) == 108
    assert solution["moves"][0] == {"pieces": ["S3", "S8"], "direction": "-x", "distance": 1}
    capsys.readouterr()
    assert solve_main([str(BURRTOOLS / "PelikanBurr.xmpuzzle"), "--no-disassembly", "--json",
                       "--show", "0"]) == 0
    plain = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert plain["solutions"] == 12 and "assemblies" not in plain


def test_a_limit_counts_solutions_not_assemblies():
    """Stop after 1 solution: the search goes on past the 11 assemblies that do not come
    apart until one does."""
    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    events = list(solve(puzzle, "distinct", limit=1))
    given = [e for e in events if isinstance(e, Solution)]
    assert events[-1].solutions == 1 and given[-1].verdict[0] == 1
    assert sum(e.verdict[0] == 1 for e in given) == 1
    assert np.all([e.verdict[0] != 1 for e in given[:-1]])


def test_a_run_file_keeps_analysed_assemblies_until_their_task_is_kept(tmp_path):
    """Analysis jobs back before a stop are kept with their verdicts; a resumed run meeting
    those assemblies again takes their verdicts instead of analysing them again; once their
    task is kept, they go."""
    from solvers.parallel.analyses import AnalysisResult, AnalysisStage
    from solvers.parallel.tasks import Split, Task
    from solvers.parallel.worker import TaskResult
    from solvers.search.prepare import prepare_puzzle

    puzzle = load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle")
    prepared = prepare_puzzle(puzzle, "distinct")
    verdicts, _ = verdicts_of(solve(puzzle, "distinct"))
    rows = np.array(sorted(verdicts), dtype=np.int32)
    task = Task((), 1.0)
    run = RunFile.create(tmp_path / "run.polyrun", prepared, Split([task], 0.0),
                         count_only=False)
    stage = AnalysisStage(prepared, keep_rows=True)
    jobs, ready = stage.jobs_for(task, rows)
    assert len(ready.rows) == 0 and sum(len(job.rows) for job in jobs) == 96
    done = [AnalysisResult(job, np.array([verdicts[tuple(r)] for r in job.rows.tolist()],
                                         dtype=np.int32)) for job in jobs[:2]]
    run.record([], 1.0, done)
    known = RunFile.open(run.path).analysed()
    assert len(known) == sum(len(job.rows) for job in jobs[:2])
    resumed = AnalysisStage(prepared, keep_rows=True, known=known)
    again, ready = resumed.jobs_for(task, rows)
    assert len(ready.rows) == len(known) and sum(len(job.rows) for job in again) == 96 - len(known)
    assert all(tuple(v) == verdicts[tuple(r)] for r, v in zip(ready.rows.tolist(),
                                                              ready.verdicts.tolist()))
    run.record([TaskResult(task, 1, 10, 1.0, rows, True, 96, {"4.9.3": 1},
                           np.array([verdicts[tuple(r)] for r in rows.tolist()]))], 2.0)
    assert RunFile.open(run.path).analysed() == {}


def test_the_estimate_counts_solutions_among_the_assemblies():
    from solvers.analysis.estimate import estimate
    from solvers.analysis.wording import describe

    exact = estimate(load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle"), "distinct", 0.5)
    assert exact.exact and (exact.assemblies.value, exact.solutions.value) == (96, 1)
    assert describe(exact).endswith("1 solution of 96 assemblies")
    probed = estimate(pentominoes_in_a_tray(), "all", 2.0)  # every assembly comes apart
    assert not probed.exact and probed.share_known
    assert probed.solutions.value == probed.assemblies.value
    assert probed.solutions.low <= probed.assemblies.low <= probed.assemblies.high
    assert " of about " in describe(probed)


def test_the_uniqueness_designer_keeps_one_solution_not_one_assembly():
    """The sliding-lid box has more assemblies than solutions: the designer weighs the
    solutions only, and the pins it proposes leave exactly one assembly that comes apart
    (others may remain that do not)."""
    from solvers.analysis.uniqueness import propose

    puzzle = shipped("sliding-lid-box.json")
    before = count_solutions(puzzle, "all")
    assert 1 < before.solutions < before.assemblies
    proposal = propose(puzzle)
    assert proposal.every_solution and proposal.solutions_considered == before.solutions
    found = count_solutions(proposal.puzzle, "all")
    assert found.solutions == 1 and found.assemblies >= 1


def caged_dominoes(holes) -> tuple[list, list]:
    """A 4x4x4 cage with `holes` in its walls round four dominoes: some ways of packing them
    come out through the holes, others lock."""
    outer, inside = set(product(range(4), repeat=3)), set(product(range(1, 3), repeat=3))
    shell = sorted(outer - inside - set(holes))
    return shell + sorted(inside), [(shell, 1, False), ([(0, 0, 0), (1, 0, 0)], 4, False)]


SMALL_PUZZLES = [  # (board, pieces: (cells, count, mirror)): symmetric assemblies, copies
    caged_dominoes([(3, 1, 1)]),  # 9 assemblies, 1 solution
    caged_dominoes([(3, 1, 1), (0, 2, 1)]),  # symmetric holes: 7 assemblies up to rotation
    ([(x, y, z) for x in range(3) for y in range(2) for z in range(2)],
     [([(0, 0, 0), (1, 0, 0), (0, 1, 0)], 2, False), ([(0, 0, 0), (1, 0, 0), (2, 0, 0)], 2, False)]),
    ([(x, y, z) for x in range(2) for y in range(2) for z in range(2)],
     [([(0, 0, 0), (1, 0, 0)], 4, False)]),
    ([(x, y, z) for x in range(3) for y in range(2) for z in range(2)],  # chiral, mirrors allowed
     [([(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 0, 1)], 2, True), ([(0, 0, 0), (1, 0, 0)], 2, True)]),
    ([(x, y, z) for x in range(4) for y in range(2) for z in range(1)] + [(1, 0, 1), (2, 0, 1)],
     [([(0, 0, 0), (1, 0, 0), (1, 1, 0)], 2, True), ([(0, 0, 0), (0, 1, 0)], 2, True)]),
]


@pytest.mark.parametrize("number", range(len(SMALL_PUZZLES)))
@pytest.mark.parametrize("kernel", ["auto", "general"])
def test_symmetric_assemblies_count_as_the_oracles(number, kernel):
    """Small puzzles with identical copies and symmetric assemblies, in every mode: the
    assemblies are the exact-cover oracle's, and the solutions those of its assemblies the
    disassembly oracle takes apart, counted in each mode's classes (whole searches and the
    interpreted tier's alike)."""
    import disassembly_oracle as plain
    from oracle import all_solutions, board_symmetries, count_classes
    from solvers import GridKind, Piece, Puzzle
    from solvers.search.solve import count_solutions as count_here

    board, pieces = SMALL_PUZZLES[number]
    puzzle = Puzzle(GridKind.CUBE, board=tuple(board), disassembly=True, pieces=tuple(
        Piece(f"P{i}", tuple(cells), count, mirror) for i, (cells, count, mirror) in enumerate(pieces)))
    everything = all_solutions("cube", board, pieces)
    apart = [s for s in everything if plain.comes_apart([set(cells) for _, cells in s])]
    for mode in ("all", "rotations", "distinct"):
        maps = board_symmetries("cube", board, pieces, mode)
        found = count_here(puzzle, mode, kernel=kernel)
        assert (found.assemblies, found.solutions) == \
            (count_classes(everything, maps), count_classes(apart, maps)), mode
