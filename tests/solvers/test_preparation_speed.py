"""What made preparing BurrTools' files fast (issue 31), pinned: a piece as large as its box
is tried at one place, not at every cell; the placements compiled for a puzzle serve its
certificates and its search alike; a run more than half done when its trial ends finishes on
its thread rather than being split and searched again."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np

from puzzles import BURRTOOLS
from solvers.parallel.run import TRIAL_EXTENSION, ParallelRun
from solvers.placements.compile import compile_placements
from solvers.puzzle.burrtools import load_burrtools
from solvers.puzzle.grids import CellLocator, GridKind


def test_a_shape_as_large_as_its_box_is_tried_at_one_cell_only():
    box = np.array([(x, y, z) for x in range(8) for y in range(8) for z in range(8)])
    locator = CellLocator(box, GridKind.CUBE)
    frame = box[(box == 0).any(axis=1) | (box == 7).any(axis=1)]
    assert len(locator.anchors(frame)) == 1
    assert len(locator.translations(frame)) == 1
    cube = box[(box < 2).all(axis=1)]
    assert len(locator.anchors(cube)) == len(locator.translations(cube)) == 7 ** 3


def test_the_same_puzzle_is_compiled_once_for_its_certificates_and_its_search():
    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    first = compile_placements(puzzle)
    assert compile_placements(load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")) is first
    assert compile_placements(replace(puzzle, name="another")) is not first
    unpruned = compile_placements(puzzle, prune=False)
    assert unpruned.n_rows > first.n_rows


def test_a_trial_more_than_half_done_goes_on_for_a_while():
    run = ParallelRun(load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle"), trial_seconds=1.0)
    half = SimpleNamespace(fraction_done=0.6)
    assert not run._trial_over(SimpleNamespace(fraction_done=0.0), 0.5)
    assert not run._trial_over(half, 1.5)
    assert run._trial_over(SimpleNamespace(fraction_done=0.4), 1.5)
    assert run._trial_over(half, TRIAL_EXTENSION * 1.0)
