"""Searching puzzles near the limits (issue 32, class 5): the general kernel compares and
counts a row over the words it uses, a run with a limit takes its tasks in the order a single
search would, the split's nodes are made from the rows they kill and keep their rows as bits,
and polygui-solve says what it is doing while it prepares."""

from __future__ import annotations

import numpy as np

from puzzles import ASSETS, shipped
from solvers import GridKind, Piece, Puzzle
from solvers.cli import main as cli
from solvers.parallel.run import ParallelRun
from solvers.parallel.tasks import PolyformProbe, TaskSearches
from solvers.placements.words import pack_bits, word_spans
from solvers.search.prepare import prepare_puzzle
from solvers.search.solve import count_solutions


def test_a_rows_words_span_from_its_first_word_in_use_to_its_last():
    bits = np.zeros((4, 300), dtype=bool)
    bits[0, [70, 200]] = True  # words 1 and 3
    bits[2, 299] = True  # word 4
    bits[3, [0, 63, 64]] = True  # words 0 and 1
    assert word_spans(pack_bits(bits)).tolist() == [[1, 4], [0, 0], [4, 5], [0, 2]]


def straight_tromino_tilings(length: int) -> int:
    """Tilings of a 3 x length strip by 1x3 pieces: the last column holds an upright
    piece, or three lying ones end there."""
    tilings = [1, 1, 1]
    while len(tilings) <= length:
        tilings.append(tilings[-1] + tilings[-3])
    return tilings[length]


def test_the_general_kernel_counts_a_board_of_several_words():
    """3x22 (66 cells: two words, rows across the boundary) by straight trominoes."""
    board = tuple((x, y) for x in range(22) for y in range(3))
    puzzle = Puzzle(GridKind.SQUARE, "3x22", board=board,
                    pieces=(Piece("I", ((0, 0), (1, 0), (2, 0)), count=22),))
    final = count_solutions(puzzle, "all", kernel="general")
    assert final.exhausted and final.solutions == straight_tromino_tilings(22)


def test_a_run_with_a_limit_takes_its_tasks_in_the_order_of_a_single_search():
    """A limit wants the first solutions: the tasks in the tree's order (a board of dominoes
    has a tiling down the first path and subtrees that take minutes to find one); a run
    counting everything keeps its shuffled order, a fair sample for the time left."""
    puzzle = shipped("pentominoes-6x10.json")
    prepared = prepare_puzzle(puzzle, "distinct")
    limited = [task.prefix for task in ParallelRun(puzzle, limit=1, jobs=2)._split(prepared).tasks]
    every = [task.prefix for task in ParallelRun(puzzle, jobs=2)._split(prepared).tasks]
    assert limited == sorted(limited)
    assert every != limited and sorted(every) == limited


def test_the_split_keeps_a_node_as_bits_and_its_counts_as_rows_die():
    prepared = prepare_puzzle(shipped("pentominoes-6x10.json"), "distinct")
    probe = PolyformProbe(prepared)
    entries = [np.array(items) for items in prepared.placements.row_items]
    node = probe.root()
    for _ in range(4):
        node = probe.child(node, probe.choices(node)[0])
        live = np.unpackbits(node.live, count=probe.n_rows, bitorder="little").astype(bool)
        assert node.live.nbytes == (probe.n_rows + 7) // 8
        items = np.concatenate([entries[row] for row in np.flatnonzero(live)])
        assert np.array_equal(node.per_item, np.bincount(items, minlength=probe.n_items))
        assert np.array_equal(node.per_piece, np.bincount(prepared.placements.row_piece[live],
                                                          minlength=len(node.left)))


def test_polygui_solve_says_what_it_does_while_it_prepares(monkeypatch, capsys):
    """Every step of preparing calls its cancel check every few milliseconds of work: the
    command line's check says what is going on once a run has lasted SHOWN_AFTER seconds
    (0 here, so that a small puzzle shows it)."""
    monkeypatch.setattr(cli, "SHOWN_AFTER", 0.0)
    assert cli.main([str(ASSETS / "pentominoes-6x10.json"), "--limit", "1", "--show",
                     "0", "--jobs", "1"]) == 0
    shown = capsys.readouterr().err
    assert "checking the puzzle…" in shown
    assert "preparing the search (placements, pruning, symmetry)…" in shown


def test_every_task_of_a_puzzle_shares_its_word_spans_and_its_root_node():
    """A run's tasks each make a search (1,127 for 68 of each pentomino on 64x64): the spans
    of the placements' words and the probe's root node are made once, not once a task."""
    prepared = prepare_puzzle(shipped("hexiamonds-6x6.json"), "distinct", kernel="general")
    searches = TaskSearches(prepared)
    first, second = (searches.search(prefix) for prefix in ((), tuple(prepared.plan.root_rows[:1])))
    assert first.spans is second.spans is prepared.placements.word_spans
    assert searches.probe.root() is searches.probe.root()
