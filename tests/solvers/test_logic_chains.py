"""The chain techniques (6.2 up): each on a board of a rated puzzle where Sudoku Explainer's
path needs it (the board the solver reaches just before), checked against the solution, its
proof a chain of real candidates; none concludes anything on a board with two solutions
(any conclusion there would remove a digit of one of them); SE's length increments."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from solvers.kernels.logic_cycles import cycle_scan, length_increment
from solvers.kernels.logic_forcing import forcing_scan
from solvers.logic import Board
from solvers.logic.chains import cycles_and_chains, kernel_board, pattern_arrays
from solvers.logic.exclusion import aligned_pairs, aligned_triplets
from solvers.logic.forcing import DYNAMIC, MULTIPLE, dynamic, dynamic_plus, multiple, nishio, \
    scan_work
from solvers.logic.nested import nested_forcing_chains, refutation
from solvers.logic.solver import apply
from solvers.logic.techniques import TECHNIQUES, next_step
from solvers.logic.truth import unique_solution
from solvers.puzzle.any_file import load_any
from solvers.puzzle.textformats import parse_sudoku_line

CHAIN_FINDERS = (aligned_pairs, cycles_and_chains, aligned_triplets, nishio, multiple, dynamic,
                 dynamic_plus, nested_forcing_chains)

# Puzzles of top95 (Norvig's hard set; SukakuExplainer names the hardest step), of top1465
# and of the forum's hardest list whose paths take the technique.
NEEDS = {  # technique: (its finder, a puzzle)
    "Aligned Pair Exclusion": (aligned_pairs,
        "12.4.........8...37....6...........8.....2.45..59...6..1...4.9..7....8..96..1..2."),
    "Aligned Triplet Exclusion": (aligned_triplets,
        "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5.."),
    "Bidirectional Y-Cycle": (cycles_and_chains,
        "7.....48....6.1..........2....3..6.52...8..............53.....1.6.1.........4.7.."),
    "Forcing X-Chain": (cycles_and_chains,
        "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8..."),
    "Forcing Chain": (cycles_and_chains,
        "...5.3.......6.7..5.8....1636..2.......4.1.......3...567....2.8..4.7.......2..5.."),
    "Bidirectional Cycle": (cycles_and_chains,
        "...5...........5.697.....2...48.2...25.1...3..8..3.........4.7..13.5..9..2...31.."),
    "Nishio Forcing Chains": (nishio,
        "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2..."),
    "Cell Forcing Chains": (multiple,
        "...36....85.......9.4..8........68.........17..9..45...1.5...6.4....9..2.....3..."),
    "Region Forcing Chains": (multiple,
        "15.3......7..4.2....4.72.....8.........9..1.8.1..8.79......38...........6....7423"),
    "Dynamic Double Forcing Chains": (dynamic,
        ".32.....58..3.....9.428...1...4...39...6...5.....1.....2...67.8.....4....95....6."),
    "Dynamic Cell Forcing Chains": (dynamic,
        ".5.3.7.4.1.........3.......5.8.3.61....8..5.9.6..1........4...6...6927....2...9.."),
    "Dynamic Region Forcing Chains": (dynamic,
        "....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2.."),
    "Dynamic Contradiction Forcing Chains": (dynamic,
        ".52..68.......7.2.......6....48..9..2..41......1.....8..61..38.....9...63..6..1.9"),
    "Dynamic Contradiction Forcing Chains (+)": (dynamic_plus,
        "..6..1....5..3....9..4....7..1....2..3..9....4..5....13.....68....3..2....2..8..3"),
}


def board_before(puzzle: str, name: str):
    """The board the solver reaches just before its first step named `name`, and that step."""
    board = Board.from_grid(parse_sudoku_line(puzzle).sudoku)
    while (step := next_step(board)) is not None:
        if step.technique == name:
            return board, step
        apply(board, step)
    raise AssertionError(f"no {name} step in the path of {puzzle}")


@pytest.mark.parametrize("name", list(NEEDS))
def test_each_chain_technique_where_the_path_needs_it(name):
    finder, puzzle = NEEDS[name]
    solution = unique_solution(parse_sudoku_line(puzzle).sudoku)
    board, step = board_before(puzzle, name)
    assert step.rating >= 6.2
    for cell, digit in step.placements:
        assert solution[cell] == digit
    for cell, digit in step.eliminations:
        assert board.has(cell, digit) and solution[cell] != digit
    assert step.placements or step.eliminations
    # its proof: implications between candidates of this board, the conclusion among them
    if "Aligned" in name:  # no chain: its cells are the base cells and their excluders
        assert len(step.cells) >= {"Pair": 4, "Triplet": 5}[name.split()[1]]
    else:
        assert step.chain and step.links
        nodes = {node for pair in step.chain for node in pair}
        assert all(board.has(cell, digit) for cell, digit, _ in nodes)
        if not any(word in name for word in ("Contradiction", "Nishio", "Cycle")):
            concluded = {(c, d, True) for c, d in step.placements} or \
                {(c, d, False) for c, d in step.eliminations}
            assert concluded & nodes
    # the easier chain finders found nothing here (else the path would have taken theirs)
    assert next(finder(board)) == step
    index = next(i for i, t in enumerate(TECHNIQUES) if t.find is finder)
    for technique in TECHNIQUES[:index]:
        assert next(technique.find(board), None) is None, technique.name


def two_solutions() -> Board:
    """A solved grid (a top95 puzzle's) with the four cells of a rectangle emptied that hold
    a, b / b, a in two boxes: it has two solutions (a and b swapped)."""
    solution = unique_solution(parse_sudoku_line(NEEDS["Forcing Chain"][1]).sudoku)
    for r1, r2, c1, c2 in ((r1, r2, c1, c2) for r1 in range(3) for r2 in range(3, 9)
                           for c1 in range(9) for c2 in range(c1 + 1, 9) if c1 // 3 == c2 // 3):
        cells = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2)
        a, b, c, d = (solution[cell] for cell in cells)
        if a == d and b == c:
            grid = parse_sudoku_line("".join("." if i in cells else str(v)
                                             for i, v in enumerate(solution))).sudoku
            return Board.from_grid(grid)
    raise AssertionError("no rectangle")


def test_no_chain_concludes_on_a_board_with_two_solutions():
    board = two_solutions()
    assert sorted(mask.bit_count() for mask in board.candidates if mask) == [2, 2, 2, 2]
    for finder in CHAIN_FINDERS:
        assert next(finder(board), None) is None, finder.__name__


def test_nested_chains_refute_a_false_candidate_never_a_true_one():
    puzzle = NEEDS["Dynamic Contradiction Forcing Chains"][1]
    solution = unique_solution(parse_sudoku_line(puzzle).sudoku)
    board, _ = board_before(puzzle, "Dynamic Contradiction Forcing Chains")
    step = next(nested_forcing_chains(board))
    (cell, digit), = step.eliminations
    assert solution[cell] != digit and step.chain[0][0] == (cell, digit, True)
    assert refutation(board, cell, solution[cell], (dynamic,)) is None


@pytest.mark.parametrize("source", ["sudoku-x.json", "sudoku-jigsaw.json", "sudoku-16x16.json",
                                    "..3.5.4....3.....4.6.2...1...56....."])
def test_chain_finders_read_the_houses_of_variants(source):
    """On the givens' board of an X-Sudoku (diagonals), a jigsaw, a 16x16 and a 6x6 each
    finder's step keeps the solution (the kernels read the house table)."""
    path = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / source
    grid = load_any(path).sudoku if source.endswith(".json") else \
        parse_sudoku_line(source).sudoku
    solution = unique_solution(grid)
    board = Board.from_grid(grid)
    found = 0
    for finder in CHAIN_FINDERS[:-1]:
        step = next(finder(board), None)
        if step is not None:
            found += 1
            assert all(solution[cell] == digit for cell, digit in step.placements)
            assert all(solution[cell] != digit for cell, digit in step.eliminations)
    assert found >= 2  # the chains keep to 9x9 and smaller; the exclusions go beyond


def test_a_step_as_json_carries_its_chain():
    board, step = board_before(NEEDS["Forcing X-Chain"][1], "Forcing X-Chain")
    data = step.as_json(9)
    first, second = data["chain"][0]
    assert len(first) == 3 and first[0].startswith("r") and isinstance(first[2], bool)
    assert len(data["chain"]) == len(step.chain) and data["links"]


@pytest.mark.parametrize("complexity, tenths", [(2, 0), (6, 0), (7, 1), (8, 1), (9, 2),
                                                (10, 2), (11, 3), (14, 3), (15, 4), (18, 4),
                                                (19, 5), (26, 5), (27, 6), (34, 6), (35, 7)])
def test_sudoku_explainers_length_increments(complexity, tenths):
    """SE adds 0.1 each time the chain (complexity - 2 nodes) passes 4, 6, 8, 12, 16, 24, 32."""
    assert length_increment(complexity) == tenths


@pytest.mark.parametrize("name", [name for name in NEEDS if NEEDS[name][0] is cycles_and_chains])
def test_one_cycle_scan_gives_the_best_conclusion_and_its_chain(name):
    """The scan writes the best conclusion's chain as it finds it (one pass, no replay): the
    same chain as the replay that stops at that conclusion's order."""
    board, _ = board_before(NEEDS[name][1], name)
    cands, house_cells, cell_houses = kernel_board(board)
    best = np.full(8, -1, np.int64)
    path = np.zeros(2 * len(cands) * board.n + 2, np.int64)
    cycle_scan(cands, board.n, house_cells, cell_houses, best, -1, path)
    replayed = np.zeros_like(path)
    size = cycle_scan(cands, board.n, house_cells, cell_houses, best.copy(), best[6], replayed)
    assert best[7] == size > 0
    assert path[:size].tolist() == replayed[:size].tolist()


def test_forcing_scans_reuse_their_work_arrays_without_carrying_anything_over():
    """The scan's large arrays are kept per thread between scans: whatever an earlier scan
    left in them, a scan finds what it finds on fresh arrays (each thread has its own)."""
    board, _ = board_before(NEEDS["Dynamic Region Forcing Chains"][1],
                            "Dynamic Region Forcing Chains")
    cands, house_cells, cell_houses = kernel_board(board)
    work = scan_work(len(cands), board.n)
    assert scan_work(len(cands), board.n) is work
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(scan_work, len(cands), board.n).result()[0] is not work[0]
    for mode in (MULTIPLE, DYNAMIC):
        found = []
        for arrays in (tuple(np.zeros_like(array) for array in work), work):
            for array in arrays:
                array.fill(7)  # an earlier scan's leftovers
            best = np.full(8, -1, np.int64)
            forcing_scan(cands, board.n, house_cells, cell_houses, mode.multiple, mode.dynamic,
                         mode.nishio, mode.level, *pattern_arrays(board.layout), best, arrays)
            found.append(best.tolist())
        fresh = np.full(8, -1, np.int64)
        forcing_scan(cands, board.n, house_cells, cell_houses, mode.multiple, mode.dynamic,
                     mode.nishio, mode.level, *pattern_arrays(board.layout), fresh,
                     tuple(np.zeros_like(array) for array in work))
        assert found == [fresh.tolist()] * 2
    assert fresh[0] > 0  # the dynamic scan found the path's step (the static one nothing)
