"""Boards of at most 64 cells flooded as numpy words (solvers/placements/words.py): the
pruning flood against the numba kernel that floods larger boards, and the bit-board
candidates' halos and pockets against a plain reference, on the shipped boards and random
ones of every grid."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers.kernels.regions import dead_rows as flooded
from solvers.placements.compile import compile_placements, fillable_sizes, items_to_masks
from solvers.placements.pruning import word_dead_rows
from solvers.placements.words import Shifts, full_word, pack_bits, unpack_bits
from solvers.puzzle.fileformat import load_puzzle
from solvers.search.bitboard import BitboardSearch, _lowest_cells, halos_and_pockets
from solvers.search.choice import make_search
from test_engine_vs_oracle import make_puzzle
from test_live_sets import ASSETS

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def bits(word: int) -> set[int]:
    return {i for i in range(64) if word >> i & 1}


def word(cells) -> int:
    return sum(1 << cell for cell in cells)


def assert_same_pruning(puzzle) -> np.ndarray:
    placements = compile_placements(puzzle, prune=False)
    fillable = fillable_sizes(puzzle)
    expected = flooded(placements.masks, placements.neighbours, fillable)
    found = word_dead_rows(placements.masks[:, 0], placements.neighbours, fillable)
    assert np.array_equal(found, expected)
    return expected


@pytest.mark.parametrize("name", ["meteor.json", "pentominoes-6x10.json"])
def test_numpy_prunes_what_the_kernel_prunes(name):
    assert assert_same_pruning(load_puzzle(ASSETS / name)).any()  # rows were pruned


def test_numpy_prunes_nothing_the_kernel_keeps():
    for name in ("soma.json", "mini-bedlam.json"):  # boxes: no placement cuts a cell off
        assert not assert_same_pruning(load_puzzle(ASSETS / name)).any()


@FAST
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube", "triangle"]))
def test_numpy_floods_random_boards_as_the_kernel_does(seed, kind):
    assert_same_pruning(make_puzzle(seed, kind)[0])


def test_growing_a_word_adds_each_cells_neighbours():
    placements = compile_placements(load_puzzle(ASSETS / "meteor.json"), prune=False)
    shifts = Shifts.from_table(placements.neighbours)
    words = placements.masks[:, 0]
    for row, grown in zip(words.tolist(), shifts.grow(words).tolist()):
        around = {int(n) for cell in bits(row) for n in placements.neighbours[cell] if n >= 0}
        assert bits(grown) == bits(row) | around


def reference_halos_and_pockets(masks, lowest, neighbour_masks, n_cells, smallest):
    """Per candidate, with sets: its neighbours, and the free regions (cells from its lowest
    on, not its own) next to it of fewer than `smallest` cells."""
    halos, pockets = [], []
    for mask, low in zip(masks.tolist(), lowest.tolist()):
        cells = bits(mask)
        halo = set().union(*(bits(int(neighbour_masks[c])) for c in cells)) - cells
        free = set(range(low, n_cells)) - cells
        pocket = set()
        for seed in halo & free:
            region, frontier = {seed}, [seed]
            while frontier:
                grown = bits(int(neighbour_masks[frontier.pop()])) & free - region
                region |= grown
                frontier.extend(grown)
            if len(region) < smallest:
                pocket |= region
        halos.append(word(halo))
        pockets.append(word(pocket))
    return halos, pockets


def assert_halos_and_pockets(puzzle) -> int:
    placements = compile_placements(puzzle)
    search, _ = make_search(puzzle, placements, "distinct", kernel="bitboard")
    assert isinstance(search, BitboardSearch)
    smallest = int(placements.piece_sizes.min())
    lowest = _lowest_cells(search.cand_mask)
    halo, pocket = halos_and_pockets(search.cand_mask, lowest,
                                     Shifts.from_masks(search.neighbours.tolist()),
                                     full_word(placements.n_items), smallest)
    expected = reference_halos_and_pockets(search.cand_mask, lowest, search.neighbours,
                                           placements.n_items, smallest)
    assert (halo.tolist(), pocket.tolist()) == expected
    assert np.array_equal(search.halo, halo) and np.array_equal(search.pocket, pocket)
    return int(np.count_nonzero(pocket))


@pytest.mark.parametrize("name", ["meteor.json", "pentominoes-6x10.json"])
def test_halos_and_pockets_of_the_shipped_boards(name):
    assert assert_halos_and_pockets(load_puzzle(ASSETS / name)) > 0  # some cut cells off


@FAST
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex"]))
def test_halos_and_pockets_of_random_boards(seed, kind):
    puzzle = make_puzzle(seed, kind)[0]
    if len(set(compile_placements(puzzle).row_piece.tolist())) == len(puzzle.pieces):
        assert_halos_and_pockets(puzzle)


def test_bits_pack_as_placement_masks_and_back():
    """pack_bits lays items out as compile's masks do (item i: bit i & 63 of word i >> 6)."""
    rng = np.random.default_rng(5)
    for n_items in (1, 63, 64, 65, 130):
        bits = rng.random((7, n_items)) < 0.4
        packed = pack_bits(bits)
        assert packed.shape == (7, max(1, (n_items + 63) // 64))
        items = [tuple(np.flatnonzero(row).tolist()) for row in bits]
        assert np.array_equal(packed, items_to_masks(items, n_items))
        assert np.array_equal(unpack_bits(packed, n_items), bits)
