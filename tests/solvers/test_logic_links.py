"""Grouped strong links (empty rectangle), three-strong-link chains and loops, the WXYZ-Wing
and ALS-XZ (solvers/logic/strong_links.py, wxyz.py, als.py) on hand-made candidate grids where they
apply (the eliminations derived by reasoning in each test) and where they must not. Their
rated paths are checked in test_logic_patterns.py (the sukaku sample)."""

from __future__ import annotations

import functools
import operator
from itertools import combinations

from test_logic_patterns import SUKAKU_SAMPLE, eliminated, only
from test_logic_techniques import board_of, named

from solvers.logic import als, strong_links, wxyz
from solvers.logic.board import Board
from solvers.logic.effects import apply
from solvers.logic.profiles import profile
from solvers.logic.solver import solve_logically
from solvers.puzzle.textformats import parse_sudoku_line


def sukaku_sample_puzzles() -> list[str]:
    """The sukaku sample's puzzles, WXYZ-Wings first."""
    rows = [line.split("\t") for line in SUKAKU_SAMPLE.read_text().splitlines()
            if line and not line.startswith("#")][1:]
    return [row[1] for row in sorted(rows, key=lambda row: "WXYZ" not in row[-1])]


def steps_removing(steps, *pairs):
    return [step for step in steps if eliminated(step) == named(*pairs)]


# --- grouped two links: the empty rectangle --------------------------------------------------
def test_empty_rectangle():
    # 1 in box 5 only in row 5 (r5c4, r5c6) and column 5 (r4c5, r6c5); in column 8 only at
    # r5c8 and r1c8. If r1c8 is not 1, r5c8 is, so row 5 of box 5 is not and column 5 of
    # box 5 is: r1c5, seeing r1c8 and that column, is not 1 either way.
    places = {"b5": ["r5c4", "r5c6", "r4c5", "r6c5"], "c8": ["r5c8", "r1c8"]}
    steps = list(strong_links.grouped_two_links(board_of(only("1", places))))
    found = steps_removing(steps, ("r1c5", 1))
    assert found and all(s.technique == "Empty Rectangle" and s.rating == 4.3 for s in found)
    places["b5"].append("r4c4")  # box 5's places are no longer a row and a column
    steps = list(strong_links.grouped_two_links(board_of(only("1", places))))
    assert not steps_removing(steps, ("r1c5", 1))


def test_plain_links_are_not_grouped_patterns():
    board = board_of(only("1", {"r1": ["r1c1", "r1c5"], "r9": ["r9c1", "r9c6"]}))
    assert list(strong_links.grouped_two_links(board)) == []  # the skyscraper's, not these


# --- three strong links ----------------------------------------------------------------------
CHAIN = {"r1": ["r1c1", "r1c5"], "r4": ["r4c5", "r4c9"], "r8": ["r8c9", "r8c2"]}


def test_three_strong_links():
    # 2: r1c1=r1c5 - r4c5=r4c9 - r8c9=r8c2 (rows), weak links in columns 5 and 9: r1c1 or
    # r8c2 holds 2, so the cells seeing both (box 1 in column 2, box 7 in column 1) lose it.
    steps = list(strong_links.three_links(board_of(only("2", CHAIN))))
    assert steps and all(s.technique == "3 Strong Links" and s.rating == 5.5 for s in steps)
    assert eliminated(steps[0]) == named(("r2c2", 2), ("r3c2", 2), ("r7c1", 2), ("r9c1", 2))
    broken = dict(CHAIN, r4=["r4c5", "r4c7", "r4c9"])  # row 4 is no strong link
    assert list(strong_links.three_links(board_of(only("2", broken)))) == []


def test_x_loop_clears_each_weak_link():
    # Row 8's link ends at r8c1, which sees r1c1: the chain closes. Each weak link (columns
    # 5, 9, 1) then holds 2 in one of its two cells: the rest of those columns loses it.
    loop = dict(CHAIN, r8=["r8c9", "r8c1"])
    step = next(strong_links.three_links(board_of(only("2", loop))))
    assert step.technique == "X-Loop (3 Strong Links)" and step.rating == 5.5
    assert eliminated(step) == named(*((f"r{r}c{c}", 2) for c in (1, 5, 9)
                                       for r in (2, 3, 5, 6, 7, 9)))


def test_grouped_three_strong_links():
    # Row 8's places r8c1, r8c2 make a group (box 7): r1c1 or that group holds 2, so r7c1 and
    # r9c1 (seeing r1c1, r8c1 and r8c2) lose it.
    grouped = dict(CHAIN, r8=["r8c9", "r8c1", "r8c2"])
    steps = list(strong_links.grouped_three_links(board_of(only("2", grouped))))
    found = steps_removing(steps, ("r7c1", 2), ("r9c1", 2))
    assert found and all(s.technique == "Grouped 3 Strong Links" and s.rating == 5.7
                         for s in steps)
    assert list(strong_links.three_links(board_of(only("2", grouped)))) == []
    assert list(strong_links.grouped_three_links(board_of(only("2", CHAIN)))) == []


# --- WXYZ-Wing -------------------------------------------------------------------------------
def wing(fourth: str) -> dict[str, str]:
    # r1c1 {1,4}, r1c5 {2,4}, r2c2 {3,4} and r1c3 `fourth`: 1, 2 and 3 are each in cells that
    # all see each other, so without 4 the four cells would hold at most three digits: one of
    # r1c1, r1c5, r2c2 is 4, and r1c2, seeing the three, is not.
    return {"r1c1": "14", "r1c5": "24", "r2c2": "34", "r1c3": fourth}


def test_wxyz_wing_rates_5_6_with_a_cell_of_three():
    steps = list(wxyz.wxyz_wings(board_of(wing("123"))))
    assert [(s.technique, s.rating) for s in steps] == [("WXYZ-Wing", 5.6)]
    assert eliminated(steps[0]) == named(("r1c2", 4))


def test_wxyz_wing_of_bivalue_cells_rates_5_5_and_comes_first():
    steps = list(wxyz.wxyz_wings(board_of(wing("12"))))
    assert steps and steps[0].rating == 5.5 and eliminated(steps[0]) == named(("r1c2", 4))


def test_no_wxyz_wing_without_exactly_one_loose_digit():
    assert list(wxyz.wxyz_wings(board_of(wing("1235")))) == []  # five digits in four cells
    # r5c2 instead of r2c2: 3 (r5c2, r1c3) is loose too, and nothing follows
    two_loose = {"r1c1": "14", "r1c5": "24", "r5c2": "34", "r1c3": "123"}
    assert list(wxyz.wxyz_wings(board_of(two_loose))) == []


def test_a_chain_of_four_cells_without_a_pivot_is_no_wxyz_wing():
    # r1c1 {1,4} - r1c5 {1,2} - r5c5 {2,3} - r5c9 {3,4}: an XY-chain (4 at either end), but
    # no cell sees the three others: SukakuExplainer rates it as a chain, not a wing.
    chain = {"r1c1": "14", "r1c5": "12", "r5c5": "23", "r5c9": "34"}
    assert list(wxyz.wxyz_wings(board_of(chain))) == []


def wings_by_definition(board, bivalue: bool) -> list[tuple]:
    """(cells, eliminations) of every WXYZ-Wing, straight from the definition: four digits,
    then every four cells holding exactly them, in that order (the finder's)."""
    cands, peers = board.candidates, board.layout.peers
    most = 2 if bivalue else 4
    small = [c for c, m in enumerate(cands) if 2 <= m.bit_count() <= most]
    found = []
    for digits in combinations(range(board.n), 4):
        union = sum(1 << d for d in digits)
        for cells in combinations([c for c in small if not cands[c] & ~union], 4):
            mask = sum(1 << c for c in cells)
            if functools.reduce(operator.or_, (cands[c] for c in cells)) != union \
                    or any(h.mask & mask == mask for h in board.layout.houses) \
                    or not any(all(peers[c] >> o & 1 for o in cells if o != c) for c in cells) \
                    or (not bivalue and all(cands[c].bit_count() == 2 for c in cells)):
                continue
            loose = [d for d in digits if not all(
                peers[a] >> b & 1 for a, b in combinations(
                    [c for c in cells if cands[c] >> d & 1], 2))]
            if len(loose) != 1:
                continue
            seen = board.digit_cells[loose[0] + 1]
            for c in cells:
                if cands[c] >> loose[0] & 1:
                    seen &= peers[c]
            if seen:
                found.append((cells, tuple((c, loose[0] + 1) for c in range(81) if seen >> c & 1)))
    return found


def test_the_wxyz_finder_finds_the_definitions_wings_in_its_order():
    """On the boards met along the sukaku sample's paths (four-cell patterns of every
    kind, most of them no wing), the finder's steps are the definition's, in order."""
    compared = 0
    for puzzle in sukaku_sample_puzzles()[:2]:
        board = Board.from_grid(parse_sudoku_line(puzzle).sudoku)
        for step in solve_logically(board.copy(), profile("sukaku")).steps:
            wings = [(s.cells, s.eliminations) for s in wxyz.wxyz_wings(board)]
            assert wings == wings_by_definition(board, True) + wings_by_definition(board, False)
            compared += bool(wings)
            apply(board, step)
    assert compared > 0  # some board had a wing


# --- ALS-XZ ----------------------------------------------------------------------------------
ALS_B = {"r5c1": "13", "r5c5": "34", "r5c6": "24"}  # row 5: three cells, four digits


def test_als_xz():
    # A = r1c1 {1,2}, B = row 5's r5c1, r5c5, r5c6 {1,2,3,4}. The 1s (r1c1, r5c1) see each
    # other: one set lacks 1 and is locked on its other digits, so r1c1 or r5c6 is 2, and
    # r1c6, seeing both, is not.
    steps = list(als.als_xz(board_of({"r1c1": "12", **ALS_B})))
    assert steps and all(s.technique == "ALS-XZ" and s.rating == 5.8 for s in steps)
    assert eliminated(steps[0]) == named(("r1c6", 2))


def test_no_als_xz_without_a_restricted_common_digit():
    # A moved to r1c2: neither 1 nor 2 of A sees those of B
    assert list(als.als_xz(board_of({"r1c2": "12", **ALS_B}))) == []


def test_als_xy_wing():
    # Pivot C = r1c5 {2,3,5}, r1c6 {3,5}; A = r4c5 {1,2}, its 2 seeing C's; B = r3c4 {3,4},
    # r3c8 {1,4}, its 3 seeing C's. C holds 2 (A is then 1) or else 3 (B is then locked on
    # 1 and 4: r3c8 is 1): r3c5 and r4c8, seeing r4c5 and r3c8, lose 1. No two sets of
    # these make an ALS-XZ.
    wing = {"r1c5": "235", "r1c6": "35", "r4c5": "12", "r3c4": "34", "r3c8": "14"}
    assert list(als.als_xz(board_of(wing))) == []
    steps = list(als.als_xy_wings(board_of(wing)))
    assert steps and all(s.technique == "ALS-XY-Wing" and s.rating == 6.0 for s in steps)
    assert eliminated(steps[0]) == named(("r3c5", 1), ("r4c8", 1))
    wing["r4c5"] = "16"  # A shares no digit with C any more: no wing
    assert list(als.als_xy_wings(board_of(wing))) == []
