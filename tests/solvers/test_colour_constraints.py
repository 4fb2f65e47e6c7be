"""Colour constraints: the model's named errors, painted orientations, and the counts of random
painted puzzles in every mode and every kernel against brute force (paint_oracle.py), on one
thread, split into tasks, resumed from a run file and on a Dask cluster."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from paint_oracle import all_painted_solutions, painted_counts
from solvers import GridKind, Piece, Puzzle, PuzzleError, Solution, prepare
from solvers.parallel.run import ParallelRun
from solvers.placements.compile import compile_placements
from solvers.placements.paint import piece_orientations, solution_paint
from solvers.puzzle.colour_rules import ConstraintColour
from solvers.puzzle.grids import orientations_of
from solvers.puzzle.pins import Pin
from solvers.search.solve import solve as solve_one_thread
from test_engine_vs_oracle import make_puzzle

RED, BLUE, GREEN = (ConstraintColour("red", "#d62728"), ConstraintColour("blue", "#1f77b4"),
                    ConstraintColour("green", "#2ca02c"))
SQUARE_2X2 = ((0, 0), (0, 1), (1, 0), (1, 1))
DOMINO = ((0, 0), (1, 0))


def dominoes(paint=(((0, 0), 1),), board_paint=(), rules=(), count=2) -> Puzzle:
    return Puzzle(GridKind.SQUARE, "dominoes", board=SQUARE_2X2,
                  pieces=(Piece("D", DOMINO, count, paint=paint),),
                  constraint_colours=(RED, BLUE), board_paint=board_paint, colour_rules=rules)


# --- the model -----------------------------------------------------------------------------
@pytest.mark.parametrize("change, message", [
    ({"pieces": (Piece("D", DOMINO, 2, paint=(((2, 0), 1),)),)},
     "piece 'D': painted cell [2, 0] is not a cell of the piece"),
    ({"board_paint": (((3, 3), 1),)}, "the board paint: painted cell [3, 3] is not a cell of"),
    ({"board_paint": (((0, 0), 3),)}, "the board paint: cell [0, 0] is painted colour 3, but "
                                      "the puzzle defines 2"),
    ({"colour_rules": ((1, 5),)}, "colour rule [1, 5] names colour 5"),
    ({"colour_rules": ((0, 1),)}, "colour rule [0, 1] names colour 0"),
    ({"constraint_colours": (RED, ConstraintColour("red", "#000000"))},
     "two constraint colours are named 'red'"),
    ({"constraint_colours": (RED, ConstraintColour(" ", "#000000"))},
     "constraint colour 2 has no name"),
    ({"constraint_colours": (RED, ConstraintColour("blue", "blue"))},
     "constraint colour 2 ('blue'): 'blue' is not a colour"),
    ({"constraint_colours": ()}, "is painted colour 1, but the puzzle defines no constraint"),
    ({"constraint_colours": tuple(ConstraintColour(f"c{i}", "#000000") for i in range(64))},
     "64 constraint colours: PolyGUI takes at most 63"),
    ({"board_paint": (((0, 0), 1), ((0, 0), 2))}, "cell [0, 0] is painted twice"),
    ({"board_paint": [("x", 1)]}, "paint must be pairs of a cell and a colour number"),
    ({"colour_rules": [(1, "2")]}, "colour rules must be pairs of colour numbers"),
])
def test_bad_colours_paint_and_rules_are_named(change, message):
    fields = {"kind": GridKind.SQUARE, "name": "d", "board": SQUARE_2X2,
              "pieces": (Piece("D", DOMINO, 2, paint=(((0, 0), 1),)),),
              "constraint_colours": (RED, BLUE), **change}
    with pytest.raises(PuzzleError) as caught:
        Puzzle(**fields)
    assert message in str(caught.value)


def test_a_sudoku_has_no_constraint_colours():
    from solvers import SudokuGrid
    with pytest.raises(PuzzleError, match="a sudoku puzzle has no constraint colours"):
        Puzzle(GridKind.SUDOKU, sudoku=SudokuGrid(2, 2, (0,) * 16), constraint_colours=(RED,))


def test_paint_is_a_different_field_from_the_display_colour():
    piece = Piece("D", DOMINO, colour="#123456", paint=(((1, 0), 2), ((0, 0), 1)))
    assert piece.colour == "#123456"
    assert piece.paint == (((0, 0), 1), ((1, 0), 2))  # sorted by cell


# --- orientations --------------------------------------------------------------------------
def test_painted_orientations_carry_their_paint_and_alike_ones_count_once():
    kind = GridKind.SQUARE
    assert len(orientations_of(kind, DOMINO, True)) == 2
    one_end = Piece("D", DOMINO, paint=(((0, 0), 1),))
    assert len(piece_orientations(kind, one_end)[0]) == 4  # each end up, down, left, right
    both_ends = Piece("D", DOMINO, paint=(((0, 0), 1), ((1, 0), 1)))
    assert len(piece_orientations(kind, both_ends)[0]) == 2  # looks like the plain domino
    two_colours = Piece("D", DOMINO, paint=(((0, 0), 1), ((1, 0), 2)))
    assert len(piece_orientations(kind, two_colours)[0]) == 4
    cube = Piece("C", ((0, 0, 0),), paint=(((0, 0, 0), 1),))
    assert len(piece_orientations(GridKind.CUBE, cube)[0]) == 1


def test_rows_carry_their_paint_and_the_rules_drop_rows():
    free = compile_placements(dominoes(), prune=False)
    assert free.n_rows == 8 and len({free.row_key(r) for r in range(8)}) == 8
    assert sorted(set(free.row_items)) == [(0, 1), (0, 2), (1, 3), (2, 3)]
    # red on red only: the red end avoids the blue cell (1, 1), item 3
    ruled = compile_placements(dominoes(board_paint=(((1, 1), 2),), rules=((1, 1),)),
                               prune=False)
    for items, paint in zip(ruled.row_items, ruled.row_paint):
        assert all(not (item == 3 and colour == 1) for item, colour in zip(items, paint))
    assert ruled.n_rows == 6


def test_no_rules_leave_the_colours_for_show():
    plain = dominoes(paint=(), board_paint=())
    painted = dominoes(board_paint=(((1, 1), 2),))
    assert compile_placements(plain).n_rows == 4
    assert compile_placements(painted).n_rows == 8  # the paint's turns, none forbidden


def test_a_piece_the_rules_keep_off_the_board_is_named():
    everywhere_blue = tuple((cell, 2) for cell in SQUARE_2X2)
    with pytest.raises(PuzzleError, match="fits nowhere the colour rules allow"):
        prepare(dominoes(board_paint=everywhere_blue, rules=((1, 1),)))


def test_solution_paint_is_where_the_painted_cells_lie():
    events = list(solve_one_thread(dominoes(), "all"))
    solutions = [e for e in events if isinstance(e, Solution)]
    assert len(solutions) == 8
    pictures = {(frozenset(s.pieces), frozenset(solution_paint(s.placements, s.rows).items()))
                for s in solutions}
    assert len(pictures) == 8  # every solution lies differently, or differently painted
    assert all(len(paint) == 2 and {cell for cell, _ in paint} <= set(SQUARE_2X2)
               for _, paint in pictures)


def test_a_pin_fixes_the_cells_and_the_rules_choose_the_paint():
    puzzle = Puzzle(GridKind.SQUARE, "d", board=SQUARE_2X2,
                    pieces=(Piece("D", DOMINO, 2, paint=(((0, 0), 1),)),),
                    constraint_colours=(RED, BLUE), board_paint=(((0, 0), 2),),
                    colour_rules=((1, 1),), pins=(Pin("D", ((0, 0), (1, 0))),))
    found = [e for e in solve_one_thread(puzzle, "all") if isinstance(e, Solution)]
    # the pin's red end must avoid the blue (0, 0); the other domino lies either way
    assert len(found) == 2
    assert all(solution_paint(s.placements, s.rows).get((1, 0)) == 1 for s in found)


# --- counts against brute force ------------------------------------------------------------
def painted_puzzle(seed: int, kind: str):
    """A random puzzle of the oracle's tests with 1 to 3 constraint colours, some cells of
    its pieces and board painted, and (three times in four) some allowed pairs."""
    puzzle, board, pieces = make_puzzle(seed, kind)
    rng = random.Random(seed ^ 0xC0105)
    colours = rng.randint(1, 3)
    paints = [{tuple(cell): rng.randint(1, colours) for cell in cells if rng.random() < 0.4}
              for cells, _count, _mirror in pieces]
    board_paint = {tuple(cell): rng.randint(1, colours) for cell in board if rng.random() < 0.4}
    pairs = [(p, b) for p in range(1, colours + 1) for b in range(1, colours + 1)]
    rules = set(rng.sample(pairs, rng.randint(1, len(pairs)))) if rng.random() < 0.75 else set()
    painted = Puzzle(puzzle.kind, puzzle.name, board=puzzle.board,
                     pieces=tuple(Piece(p.name, p.cells, p.count, p.mirror,
                                        paint=tuple(paint.items()))
                                  for p, paint in zip(puzzle.pieces, paints)),
                     constraint_colours=(RED, BLUE, GREEN)[:colours],
                     board_paint=tuple(board_paint.items()), colour_rules=tuple(rules))
    oracle_pieces = [(cells, count, mirror, paint)
                     for (cells, count, mirror), paint in zip(pieces, paints)]
    return painted, (kind, board, oracle_pieces, board_paint, rules)


def engine_counts(puzzle: Puzzle, kernel: str = "auto") -> dict[str, int]:
    try:
        prepare(puzzle)
    except PuzzleError:  # a piece no rule lets onto the board: no solution, named
        return {"all": 0, "rotations": 0, "distinct": 0}
    counts = {}
    for mode in ("all", "rotations", "distinct"):
        final = list(solve_one_thread(puzzle, mode, count_only=True, kernel=kernel))[-1]
        assert final.exhausted
        counts[mode] = final.solutions
    return counts


PAINTED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KINDS = st.sampled_from(["square", "hex", "cube", "triangle"])


@PAINTED
@given(seed=st.integers(0, 10**9), kind=KINDS,
       kernel=st.sampled_from(["bitboard", "live", "general"]))
def test_painted_counts_equal_brute_force_in_every_mode_and_kernel(seed, kind, kernel):
    puzzle, oracle_args = painted_puzzle(seed, kind)
    assert engine_counts(puzzle, kernel) == painted_counts(*oracle_args)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), kind=KINDS)
def test_painted_solutions_listed_are_the_oracles(seed, kind):
    puzzle, oracle_args = painted_puzzle(seed, kind)
    try:
        events = list(solve_one_thread(puzzle, "all"))
    except PuzzleError:
        events = []
    found = []
    for solution in (e for e in events if isinstance(e, Solution)):
        placements = solution.placements
        paint = solution_paint(placements, solution.rows)
        found.append(frozenset(
            (int(placements.row_piece[row]),
             frozenset((placements.cells[item], paint.get(placements.cells[item], 0))
                       for item in placements.row_items[row]))
            for row in solution.rows))
    assert len(found) == len(set(found))
    assert set(found) == set(all_painted_solutions(*oracle_args))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), kind=KINDS)
def test_painted_counts_split_into_tasks_equal_brute_force(seed, kind):
    puzzle, oracle_args = painted_puzzle(seed, kind)
    expected = painted_counts(*oracle_args)
    try:
        prepare(puzzle)
    except PuzzleError:  # a piece the rules keep off is refused before any run
        assert sum(expected.values()) == 0
        return
    for mode, count in expected.items():
        run = ParallelRun(puzzle, mode, jobs=2, trial_seconds=0, count_only=True)
        assert list(run.events())[-1].solutions == count


# --- symmetric boards, where the paint decides which symmetries identify solutions ---------
HEXAGON_OF_TRIANGLES = ((0, 0, 0), (-1, 0, 1), (-1, 0, 0), (-1, -1, 1), (0, -1, 0), (0, -1, 1))
SYMMETRIC_BOARDS = {
    "square": [tuple((x, y) for x in range(w) for y in range(h)) for w, h in
               ((2, 2), (2, 3), (3, 3), (2, 4), (4, 4))],
    "cube": [tuple((x, y, z) for x in range(2) for y in range(2) for z in range(d))
             for d in (1, 2, 3)],
    "hex": [((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))],
    "triangle": [HEXAGON_OF_TRIANGLES],
}


def board_pattern(rng: random.Random, board, colours: int) -> dict:
    """Board paint keeping some symmetries (none, a checkerboard, rings round the centre) or
    breaking them (a few random cells)."""
    pattern = rng.choice(["none", "checker", "rings", "random"])
    if pattern == "none":
        return {}
    if pattern == "checker":
        return {cell: 1 + sum(cell[:2]) % min(2, colours) for cell in board
                if sum(cell[:2]) % 2 == 0 or colours > 1}
    if pattern == "rings":
        centre = [sum(c[a] for c in board) / len(board) for a in range(len(board[0]))]
        far = {cell: round(sum((v - m) ** 2 for v, m in zip(cell, centre)), 3) for cell in board}
        rank = {d: i for i, d in enumerate(sorted(set(far.values())))}
        return {cell: 1 + rank[d] % colours for cell, d in far.items() if rank[d] % 2 == 0}
    return {cell: rng.randint(1, colours) for cell in rng.sample(list(board), 2)}


def symmetric_painted_puzzle(seed: int, kind: str):
    from test_engine_vs_oracle import cut_into_pieces, piece_set
    rng = random.Random(seed)
    board = list(rng.choice(SYMMETRIC_BOARDS[kind]))
    parts = cut_into_pieces(rng, kind, board, rng.randint(2, max(2, len(board) // 3)))
    pieces = piece_set(rng, kind, parts)
    colours = rng.randint(1, 2)
    paints = [{tuple(c): rng.randint(1, colours) for c in cells if rng.random() < 0.35}
              for cells, _count, _mirror in pieces]
    board_paint = board_pattern(rng, board, colours)
    pairs = [(p, b) for p in range(1, colours + 1) for b in range(1, colours + 1)]
    rules = set(rng.sample(pairs, rng.randint(1, len(pairs)))) if rng.random() < 0.7 else set()
    puzzle = Puzzle(GridKind(kind), f"symmetric {seed}", board=tuple(board),
                    pieces=tuple(Piece(f"p{i}", tuple(map(tuple, cells)), count, mirror,
                                       paint=tuple(paint.items()))
                                 for i, ((cells, count, mirror), paint)
                                 in enumerate(zip(pieces, paints))),
                    constraint_colours=(RED, BLUE)[:colours],
                    board_paint=tuple(board_paint.items()), colour_rules=tuple(rules))
    oracle_pieces = [(cells, count, mirror, paint)
                     for (cells, count, mirror), paint in zip(pieces, paints)]
    return puzzle, (kind, board, oracle_pieces, board_paint, rules)


@PAINTED
@given(seed=st.integers(0, 10**9), kind=KINDS,
       kernel=st.sampled_from(["bitboard", "live", "general"]))
def test_painted_counts_on_symmetric_boards_equal_brute_force(seed, kind, kernel):
    puzzle, oracle_args = symmetric_painted_puzzle(seed, kind)
    assert engine_counts(puzzle, kernel) == painted_counts(*oracle_args)


def test_a_checkerboard_keeps_half_the_symmetries_of_a_square():
    from solvers.placements.symmetry import board_symmetries
    board = tuple((x, y) for x in range(4) for y in range(4))
    plain = Puzzle(GridKind.SQUARE, "b", board=board, pieces=(Piece("D", DOMINO, 8),))
    checker = Puzzle(GridKind.SQUARE, "b", board=board, pieces=plain.pieces,
                     constraint_colours=(RED, BLUE), colour_rules=((1, 1),),
                     board_paint=tuple((c, 1 + (c[0] + c[1]) % 2) for c in board))
    assert len(board_symmetries(plain, "distinct")) == 8
    # a 4x4 checkerboard: turning a quarter swaps the colours; a half turn and the two
    # diagonal mirrors keep them
    assert len(board_symmetries(checker, "distinct")) == 4
    assert len(board_symmetries(checker, "rotations")) == 2


def test_why_no_solution_keeps_the_colour_rules():
    """Two dominoes red at one end on a 2x2 board of blue cells and one neutral cell beside
    it, red allowed on red only: a domino's red end must take the neutral cell, so the two
    cannot both lie. The minimal core names them (without the colours everything fits)."""
    from dataclasses import replace
    from solvers.analysis.conflicts import minimal_core
    blue = tuple((cell, 2) for cell in SQUARE_2X2)
    puzzle = Puzzle(GridKind.SQUARE, "d", board=SQUARE_2X2 + ((2, 0),),
                    pieces=(Piece("D", DOMINO, 2, paint=(((0, 0), 1),)), Piece("M", ((0, 0),))),
                    constraint_colours=(RED, BLUE), board_paint=blue, colour_rules=((1, 1),))
    assert engine_counts(puzzle)["all"] == 0
    core = minimal_core(puzzle)
    assert core is not None and core.pieces == ("D", "D")
    assert minimal_core(replace(puzzle, colour_rules=())) is None  # the colours decided it
