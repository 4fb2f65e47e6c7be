"""The solver's steps, fast: the techniques that have a numba scan
(solvers/kernels/logic_scan.py) are tried in one call, in their order, and the path runs in
the kernel as far as the scans identify its steps (solvers/kernels/logic_path.py). Python
builds each step with the finders' own code, and runs a finder (the reference) only for a
technique the scan says has a step without naming it, or one without a scan. The steps are
always those `techniques.next_step` takes: same technique, same step, same order
(tests/solvers/test_logic_scan.py and bench/check_logic_paths.py check it).

A new technique needs nothing here: without a scan its finder runs in its turn. To give it
one: a code and a branch in kernels/logic_scan.py's first_step, its finder in CODES below;
to have the kernel apply its steps too, codes up to EXACT_LAST, `out` naming the step, its
effects in logic_path.apply_found and its Step built in `build`. A change to a finder's
order needs the same change in its scan (the tests compare them on random boards).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..kernels import logic_scan as k
from ..kernels.logic_path import DONE, FULL, run_path
from . import single_digit, singles, subsets, uniqueness, wings
from .board import BOX, COLUMN, DIAGONAL, ROW, Board, Layout, kept_for
from .effects import apply
from .steps import Step
from .techniques import TECHNIQUES, Technique

CODES: dict[Callable, int] = {
    singles.full_houses: k.FULL_HOUSE, singles.hidden_singles_in_boxes: k.HIDDEN_BOX,
    singles.hidden_singles_in_lines: k.HIDDEN_LINE, singles.naked_singles: k.NAKED_SINGLE,
    singles.direct_pointing: k.DIRECT_LOCKED, singles.locking: k.LOCKED,
    singles.direct_hidden_pairs: k.DIRECT_HIDDEN_2,
    singles.direct_hidden_triples: k.DIRECT_HIDDEN_3,
    subsets.HIDDEN_PAIRS: k.HIDDEN_2, subsets.HIDDEN_TRIPLES: k.HIDDEN_3,
    subsets.HIDDEN_QUADS: k.HIDDEN_4, subsets.NAKED_PAIRS: k.NAKED_2,
    subsets.NAKED_TRIPLES: k.NAKED_3, subsets.NAKED_QUADS: k.NAKED_4,
    subsets.X_WINGS: k.FISH_2, subsets.SWORDFISH: k.FISH_3, subsets.JELLYFISH: k.FISH_4,
    wings.xy_wings: k.XY_WING, wings.xyz_wings: k.XYZ_WING,
    uniqueness.unique_rectangles: k.UNIQUE_RECTANGLE,
    single_digit.skyscrapers: k.SKYSCRAPER, single_digit.two_string_kites: k.TWO_STRING_KITE,
    single_digit.turbot_fish: k.TURBOT_FISH,
}
KINDS = {BOX: 0, COLUMN: 1, ROW: 2, DIAGONAL: 3}
_TABLES: dict[int, tuple[Layout, tuple[np.ndarray, ...]]] = {}
_CODES: dict[int, tuple[tuple[Technique, ...], np.ndarray]] = {}
RECORD = 128  # steps the kernel runs before Python builds them


def tables(layout: Layout) -> tuple[np.ndarray, ...]:
    """The layout as the scan's arrays: hc, hk, member, cross, peer, line_of (kept by the
    layout's identity: hashing a layout's tables costs more than a scan)."""
    return kept_for(_TABLES, layout, _tables)


def _tables(layout: Layout) -> tuple[np.ndarray, ...]:
    cells = layout.n * layout.n
    hc = np.array([house.cells for house in layout.houses], dtype=np.int64)
    hk = np.array([KINDS[house.kind] for house in layout.houses], dtype=np.int64)
    member = np.zeros((len(layout.houses), cells), dtype=np.uint8)
    line_of = np.full((3, cells), -1, dtype=np.int64)
    for index, house in enumerate(layout.houses):
        member[index, list(house.cells)] = 1
        if house.kind in (ROW, COLUMN):
            line_of[KINDS[house.kind], list(house.cells)] = index
    cross = np.array(layout.crossings, dtype=np.int64).reshape(-1, 2)
    peer = np.array([[peers >> cell & 1 for cell in range(cells)] for peers in layout.peers],
                    dtype=np.uint8)
    return hc, hk, member, cross, peer, line_of


def next_step(board: Board, techniques: tuple[Technique, ...] = TECHNIQUES) -> Step | None:
    """The first step of the first technique that has one (None when none applies)."""
    codes = codes_of(techniques)
    code_of = codes.tolist()
    arrays = (np.array(board.candidates, dtype=np.int64),
              np.array(board.values, dtype=np.int64), *tables(board.layout))
    out = np.zeros(8, dtype=np.int64)
    start = 0
    while start < len(codes):
        index = k.first_step(codes, start, *arrays, board.n, out)
        if index < 0:
            return None
        step = build(board, techniques[index], code_of[index], out) if code_of[index] \
            else next(techniques[index].find(board), None)
        if step is not None:
            return step
        start = index + 1  # a technique without a scan, or a scan's "there is" wrong
    return None


def codes_of(techniques: tuple[Technique, ...]) -> np.ndarray:
    """Each technique's scan code, 0 for one without a scan (kept by the list's identity)."""
    return kept_for(_CODES, techniques, lambda listed: np.array(
        [CODES.get(t.find, 0) for t in listed], dtype=np.int64))


def solve_path(board: Board, techniques: tuple[Technique, ...] = TECHNIQUES,
               max_steps: int = 100_000) -> list[Step]:
    """The steps `techniques.next_step` would take one by one from `board`, applied to it
    (until it is solved, nothing applies or `max_steps`). The kernel runs the path as far
    as its scans identify the steps; Python builds them and takes the others."""
    codes = codes_of(techniques)
    code_of = codes.tolist()
    record = np.empty((RECORD + 1, 9), dtype=np.int64)  # steps, then what a scan stopped at
    steps: list[Step] = []
    arrays, start = None, 0
    while not board.solved and len(steps) < max_steps:
        if arrays is None:
            arrays = (np.array(board.candidates, dtype=np.int64),
                      np.array(board.values, dtype=np.int64), *tables(board.layout))
        limit = min(max_steps - len(steps), RECORD)
        count, stop = run_path(codes, start, *arrays, board.n, record, limit)
        for row in record[:count].tolist():
            index = row[0]
            step = build(board, techniques[index], code_of[index], row[1:])
            apply(board, step)
            steps.append(step)
        start = 0
        if stop == DONE:
            break
        if stop == FULL:
            continue
        step = build(board, techniques[stop], code_of[stop], record[count, 1:]) \
            if code_of[stop] else next(techniques[stop].find(board), None)
        if step is None:
            start = stop + 1  # the board is unchanged: go on with the techniques after it
            continue
        apply(board, step)
        steps.append(step)
        arrays = None  # the kernel's copy of the board is behind
    return steps


def build(board: Board, technique: Technique, code: int, out: np.ndarray) -> Step | None:
    """The step the scan identified in `out` (the Python finder's first for the others;
    None if it has none after all)."""
    if code == k.UNIQUE_RECTANGLE:
        return next(uniqueness.rectangle_steps(board, tuple(int(c) for c in out[:4]),
                                               1 << int(out[4]) | 1 << int(out[5])), None)
    if code > k.EXACT_LAST:
        return next(technique.find(board), None)
    houses = board.layout.houses
    if code == k.FULL_HOUSE:
        return singles.single_step("Full House", 1.0, board, houses[out[0]], int(out[1]))
    if code in (k.HIDDEN_BOX, k.HIDDEN_LINE):
        return singles.single_step("Hidden Single", 1.2 if code == k.HIDDEN_BOX else 1.5,
                                   board, houses[out[0]], int(out[1]))
    if code == k.NAKED_SINGLE:
        return singles.naked_single_step(board, int(out[0]))
    if code in (k.DIRECT_LOCKED, k.LOCKED):
        first, second = board.layout.crossings[out[0]]
        return singles.locked_step(board, first, second, int(out[1]),
                                   int(out[2]) if code == k.DIRECT_LOCKED else None)
    if code <= k.HIDDEN_4:
        size = {k.DIRECT_HIDDEN_2: 2, k.DIRECT_HIDDEN_3: 3, k.HIDDEN_2: 2, k.HIDDEN_3: 3,
                k.HIDDEN_4: 4}[code]
        digits = tuple(int(d) for d in out[1:1 + size])
        other = int(out[1 + size]) if code in (k.DIRECT_HIDDEN_2, k.DIRECT_HIDDEN_3) else None
        return singles.hidden_set_step(board, houses[out[0]], digits, other)
    size = code - k.NAKED_2 + 2
    return subsets.naked_set_step(board, houses[out[0]], tuple(int(c) for c in out[1:1 + size]))


WARM_UP_EMPTY = (0, 1, 2, 9, 10, 11)  # the cells left empty on the warm-up's solved grid


def warm_up() -> None:
    """Compile the path kernel and every technique's scan, or load them from numba's cache,
    on a solved 9x9 grid with a few cells emptied: every scan runs, each in a moment. (An
    empty grid would run them too, but the forcing chains on it take minutes.)"""
    from ..puzzle.sudoku_rules import box_regions
    from .board import layout_for
    from .profiles import PROFILES

    solved = [(row * 3 + row // 3 + col) % 9 + 1 for row in range(9) for col in range(9)]
    values = [0 if cell in WARM_UP_EMPTY else value for cell, value in enumerate(solved)]
    layout = layout_for(9, box_regions(9, 3, 3), False)
    solve_path(Board(layout, values), max_steps=1)
    for technique in {t.find: t for techniques in PROFILES.values() for t in techniques}.values():
        next(technique.find(Board(layout, values)), None)
