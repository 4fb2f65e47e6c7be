"""The solve() generator: events, limits, counting, and refusing impossible puzzles early."""

import dataclasses

import pytest

from solvers import GridKind, Piece, Progress, Puzzle, PuzzleError, Solution, SudokuGrid, solve
from solvers.puzzle.grids import is_connected


def rectangle(width: int, height: int) -> tuple:
    return tuple((x, y) for x in range(width) for y in range(height))


L_TROMINO = ((0, 0), (1, 0), (0, 1))
DOMINO = ((0, 0), (1, 0))


def tromino_puzzle(**piece_options) -> Puzzle:
    """A 2x3 rectangle and two L trominoes (as one piece type with count 2)."""
    return Puzzle(GridKind.SQUARE, "L pair", board=rectangle(3, 2),
                  pieces=(Piece("L", L_TROMINO, **piece_options),))


def events(puzzle, **options):
    return list(solve(puzzle, **options))


def test_first_and_last_events_frame_the_run():
    run = events(tromino_puzzle(count=2), symmetry="all")
    assert isinstance(run[0], Progress) and run[0].phase == "preparing"
    assert isinstance(run[-1], Progress) and run[-1].phase == "done" and run[-1].exhausted
    solutions = [event for event in run if isinstance(event, Solution)]
    assert run[-1].solutions == len(solutions) == 2
    assert [s.index for s in solutions] == [0, 1]


def test_events_are_frozen():
    event = events(tromino_puzzle(count=2), symmetry="all")[-1]
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.solutions = 5  # type: ignore[misc]


def test_solution_covers_the_board_exactly_once():
    for solution in (e for e in events(tromino_puzzle(count=2), symmetry="all")
                     if isinstance(e, Solution)):
        cells = [cell for _, cells in solution.pieces for cell in cells]
        assert sorted(cells) == sorted(rectangle(3, 2))
        assert all(is_connected(GridKind.SQUARE, cells) for _, cells in solution.pieces)
        assert set(solution.cell_pieces().values()) == {0}


def test_identical_copies_do_not_multiply_solutions():
    two_types = Puzzle(GridKind.SQUARE, "two Ls", board=rectangle(3, 2),
                       pieces=(Piece("a", L_TROMINO), Piece("b", L_TROMINO)))
    same_type = tromino_puzzle(count=2)
    count = lambda puzzle: events(puzzle, symmetry="all")[-1].solutions
    assert count(two_types) == 2 * count(same_type)


def test_limit_stops_early_and_count_only_yields_no_solutions():
    dominoes = Puzzle(GridKind.SQUARE, "dominoes", board=rectangle(4, 4),
                      pieces=(Piece("d", DOMINO, count=8),))
    full = events(dominoes, symmetry="all")[-1]
    assert full.solutions == 36  # domino tilings of a 4x4 square: a classic count
    limited = events(dominoes, symmetry="all", limit=5)
    assert sum(isinstance(e, Solution) for e in limited) == 5
    assert not limited[-1].exhausted
    counted = events(dominoes, symmetry="all", count_only=True)
    assert not any(isinstance(e, Solution) for e in counted)
    assert counted[-1].solutions == 36


def test_progress_fraction_never_decreases_and_ends_at_one():
    dominoes = Puzzle(GridKind.SQUARE, "dominoes", board=rectangle(6, 6),
                      pieces=(Piece("d", DOMINO, count=18),))
    fractions = [e.fraction_done for e in solve(dominoes, "all", count_only=True,
                                                slice_seconds=0.0005)
                 if isinstance(e, Progress) and e.phase != "preparing"]
    assert len(fractions) > 2
    assert fractions == sorted(fractions)
    assert fractions[-1] == pytest.approx(1.0)


@pytest.mark.parametrize("puzzle, reason", [
    (Puzzle(GridKind.SQUARE, "short", board=rectangle(3, 3), pieces=(Piece("L", L_TROMINO, count=2),)),
     "the pieces cover 6 cells but the board has 9"),
    (Puzzle(GridKind.SQUARE, "empty", pieces=(Piece("L", L_TROMINO),)), "the board is empty"),
    (Puzzle(GridKind.SQUARE, "no pieces", board=rectangle(2, 2)), "there are no pieces"),
    (Puzzle(GridKind.SQUARE, "too long", board=rectangle(2, 2),
            pieces=(Piece("I", ((0, 0), (1, 0), (2, 0), (3, 0))),)), "'I' fits nowhere"),
    (Puzzle(GridKind.SQUARE, "too long twice", board=rectangle(2, 2),
            pieces=(Piece("I", ((0, 0), (1, 0), (2, 0))), Piece("J", ((0, 0), (0, 1), (0, 2))))),
     "pieces 'I', 'J' fit nowhere on the board"),
    (Puzzle(GridKind.SUDOKU, "clash", sudoku=SudokuGrid(2, 2, (1, 1) + (0,) * 14)),
     "r1c1 and r1c2 both hold 1"),
])
def test_impossible_puzzles_are_refused_with_the_reason(puzzle, reason):
    with pytest.raises(PuzzleError, match=reason):
        events(puzzle)


def test_unknown_symmetry_mode_is_refused():
    with pytest.raises(PuzzleError, match="unknown symmetry mode 'mirror'"):
        events(tromino_puzzle(count=2), symmetry="mirror")


def test_sudoku_solution_is_a_value_grid():
    givens = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3) + (0,) * 4
    run = events(Puzzle(GridKind.SUDOKU, "4x4", sudoku=SudokuGrid(2, 2, givens)))
    solutions = [e for e in run if isinstance(e, Solution)]
    assert len(solutions) == 1
    assert solutions[0].grid == givens[:12] + (4, 3, 2, 1)


def test_on_an_empty_board_every_piece_fits_nowhere_but_the_reason_is_the_board():
    puzzle = Puzzle(GridKind.SQUARE, "empty", pieces=(Piece("L", L_TROMINO), Piece("d", DOMINO)))
    assert puzzle.pieces_that_fit_nowhere() == ["L", "d"]
    assert puzzle.problems() == ["the board is empty"]


def test_a_run_whose_slices_all_fill_the_solution_buffer_still_reports_progress():
    """An empty Sudoku has solutions everywhere: every slice ends with the buffer full, and
    such slices once yielded no Progress at all (the window showed "Preparing…" for ever)."""
    empty = Puzzle(GridKind.SUDOKU, "empty", sudoku=SudokuGrid(3, 3, (0,) * 81))
    reports: list[Progress] = []
    solutions = 0
    for event in solve(empty, "all", slice_seconds=0.0):
        if isinstance(event, Solution):
            solutions += 1
        elif event.phase == "searching":
            reports.append(event)
        if len(reports) == 3 or solutions > 50_000:
            break
    assert len(reports) == 3
    assert 0 < reports[0].solutions < reports[1].solutions < reports[2].solutions <= solutions
    assert reports[-1].nodes > 0 and reports[-1].elapsed > 0
