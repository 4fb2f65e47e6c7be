"""A piece placed once with one row left to the search (a box holding the others) is placed
before searching: its cells leave the kernel's masks, and the solutions stay the same."""

from __future__ import annotations

from dataclasses import replace

import pytest

from puzzles import BURRTOOLS
import solvers.search.choice as choice
import solvers.search.exact_cover as exact_cover
from oracle import oracle_counts
from solvers import GridKind, Piece, Puzzle, count_solutions
from solvers.puzzle.burrtools import load_burrtools
from solvers.search.forced import kernel_rows_as_they_are
from solvers.search.interpreted import InterpretedLiveSetSearch
from solvers.search.prepare import prepare_puzzle
from test_engine_vs_oracle import engine_solutions


def test_a_box_holding_the_others_leaves_the_live_set_kernel_one_word_of_cells():
    """AlPackino: a box of 120 of the 180 cells; the 60 left fit one word, which the
    live-set kernel searches (the general kernel too, when it is asked for)."""
    puzzle = replace(load_burrtools(BURRTOOLS / "AlPackino.xmpuzzle"), disassembly=False)
    prepared = prepare_puzzle(puzzle, "distinct")
    assert prepared.kernel == "live" and prepared.placements.masks.shape[1] == 3
    assert prepared.tables.masks.shape == (prepared.placements.n_rows, 1)
    general = prepare_puzzle(puzzle, "distinct", kernel="general")
    assert general.kernel == "general" and general.new_search().masks.shape[1] == 1
    searches = [prepared.new_search(), general.new_search()]
    for search in searches:
        search.run(1 << 40)
    assert searches[0].take_solutions().tolist() == searches[1].take_solutions().tolist()
    assert searches[0].nodes == searches[1].nodes > 0


@pytest.mark.parametrize("name", ["AlPackino", "CubeInCage", "DemoPieceGenerator"])
def test_placing_the_forced_rows_first_finds_the_same_solutions(name, monkeypatch):
    puzzle = load_burrtools(BURRTOOLS / f"{name}.xmpuzzle")
    puzzle = replace(puzzle, disassembly=False)  # every assembly
    with_forced = sorted(map(sorted, engine_solutions(puzzle, "all")))
    monkeypatch.setattr(exact_cover, "kernel_rows", kernel_rows_as_they_are)
    monkeypatch.setattr(choice, "kernel_rows", kernel_rows_as_they_are)  # no boxed live sets
    assert sorted(map(sorted, engine_solutions(puzzle, "all"))) == with_forced
    assert with_forced


def test_the_interpreted_live_set_search_keeps_to_the_rows_the_box_leaves():
    """Without a native build, small live-set trees run in Python first (search/
    interpreted.py): it too leaves out the rows that meet the box, and finds the kernel's
    solution node for node."""
    puzzle = replace(load_burrtools(BURRTOOLS / "AlPackino.xmpuzzle"), disassembly=False)
    prepared = prepare_puzzle(puzzle, "distinct")
    interpreted = InterpretedLiveSetSearch(prepared.placements, prepared.plan, prepared.tables)
    kernel = prepared.new_search()
    interpreted.run(1 << 40)
    kernel.run(1 << 40)
    assert interpreted.take_solutions().tolist() == kernel.take_solutions().tolist()
    assert interpreted.nodes == kernel.nodes


def _box_with_a_cavity(piece_cells, count, mirror=True):
    """A 4x4x3 box whose walls are one piece, its 2x2x2 cavity (open at the top) filled by
    `count` copies of a piece: (the puzzle, its board, the oracle's pieces)."""
    board = [(x, y, z) for x in range(4) for y in range(4) for z in range(3)]
    cavity = {(x, y, z) for x in (1, 2) for y in (1, 2) for z in (1, 2)}
    walls = tuple(cell for cell in board if cell not in cavity)
    pieces = [(walls, 1, True), (tuple(piece_cells), count, mirror)]
    puzzle = Puzzle(GridKind.CUBE, "box", "", tuple(board),
                    (Piece("walls", walls), Piece("p", tuple(piece_cells), count=count,
                                                  mirror=mirror)))
    return puzzle, board, pieces


@pytest.mark.parametrize("piece, count", [(((0, 0, 0), (1, 0, 0)), 4),
                                          (((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)), 2)])
def test_the_live_set_kernel_in_a_box_counts_as_the_oracle(piece, count):
    """The walls are placed once, with one row: the cavity's 8 cells are searched by the
    live-set kernel, in every symmetry mode, and its counts are the brute force's."""
    puzzle, board, pieces = _box_with_a_cavity(piece, count)
    assert prepare_puzzle(puzzle, "distinct").kernel == "live"
    expected = oracle_counts("cube", board, pieces)
    for mode, solutions in expected.items():
        assert count_solutions(puzzle, mode).solutions == solutions, mode
    assert expected["all"] > 1
