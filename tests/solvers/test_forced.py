"""A piece placed once with one row left to the search (a box holding the others) is placed
before searching: its cells leave the kernel's masks, and the solutions stay the same."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import solvers.search.exact_cover as exact_cover
from solvers.puzzle.burrtools import load_burrtools
from solvers.search.forced import kernel_rows_as_they_are
from solvers.search.prepare import prepare_puzzle
from test_engine_vs_oracle import engine_solutions

BURRTOOLS = Path(__file__).parent.parent / "data" / "burrtools"


def test_a_box_holding_the_others_leaves_the_kernel_one_word_of_cells():
    """AlPackino: a box of 120 of the 180 cells; the 60 left fit one word."""
    puzzle = load_burrtools(BURRTOOLS / "AlPackino.xmpuzzle")
    prepared = prepare_puzzle(puzzle, "distinct")
    assert prepared.kernel == "general" and prepared.placements.masks.shape[1] == 3
    assert prepared.new_search().masks.shape[1] == 1


@pytest.mark.parametrize("name", ["AlPackino", "CubeInCage", "DemoPieceGenerator"])
def test_placing_the_forced_rows_first_finds_the_same_solutions(name, monkeypatch):
    puzzle = load_burrtools(BURRTOOLS / f"{name}.xmpuzzle")
    puzzle = replace(puzzle, disassembly=False)  # every assembly
    with_forced = sorted(map(sorted, engine_solutions(puzzle, "all")))
    monkeypatch.setattr(exact_cover, "kernel_rows", kernel_rows_as_they_are)
    assert sorted(map(sorted, engine_solutions(puzzle, "all"))) == with_forced
    assert with_forced
