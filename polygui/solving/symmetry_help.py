"""The Count option's tooltip: what each symmetry mode means, and what it means for this
puzzle (why the meteor puzzle counts the same in Distinct and Up to rotations)."""

from __future__ import annotations

from solvers import Puzzle
from solvers.placements.symmetry import board_symmetries

MODES = ("<b>What counts as one solution</b>"
         "<ul><li><b>Distinct</b>: solutions that a rotation or reflection of the board turns "
         "into one another count once.</li>"
         "<li><b>Up to rotations</b>: only rotations do; a solution and its mirror image count "
         "twice.</li>"
         "<li><b>All solutions</b>: every arrangement counts.</li></ul>"
         "A symmetry counts only when it maps the board <i>and the pieces</i> onto themselves: "
         "a reflection that would need the mirror image of a piece that may not be turned over "
         "identifies nothing.")


def symmetry_counts(puzzle: Puzzle) -> tuple[int, int]:
    """(symmetries identified in Distinct, in Up to rotations), the identity included."""
    return (len(board_symmetries(puzzle, "distinct")),
            len(board_symmetries(puzzle, "rotations")))


def for_this_puzzle(puzzle: Puzzle) -> str:
    distinct, rotations = symmetry_counts(puzzle)
    name = f"<i>{puzzle.name}</i>"
    if distinct == 1:
        return (f"{name}: no rotation or reflection maps the board and its pieces onto "
                "themselves, so all three give the same count.")
    if distinct == rotations:
        turns = ("only the half turn maps" if rotations == 2 else
                 f"only rotations ({rotations}, the identity among them) map")
        return (f"{name}: {turns} the board and its pieces onto themselves, no reflection, so "
                "Distinct and Up to rotations give the same count, and All up to "
                f"{distinct} times as many.")
    return (f"{name}: {rotations} rotations (the identity among them) and "
            f"{distinct - rotations} reflections map the board and its pieces onto "
            f"themselves: All gives up to {distinct} times as many as Distinct, Up to rotations "
            "up to twice as many.")


def count_tooltip(puzzle: Puzzle | None) -> str:
    if puzzle is None or puzzle.is_sudoku or not puzzle.board or not puzzle.pieces:
        return MODES
    return f"{MODES}<p>{for_this_puzzle(puzzle)}</p>"
