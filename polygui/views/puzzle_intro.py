"""Above the Solve view: the puzzle's name and description, and what to do next ("Press Solve
(F5)…" before a run, how to browse after it), so a first window is never a bare board. The
hint keeps room for two lines, so the board does not move when its text changes."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from solvers import Puzzle

DESCRIPTION_CHARS = 260  # more goes to the tooltip: the board keeps the room
HINT_STYLE = ("background: #e8f1fb; color: #123a63; border: 1px solid #b9d3ee; "
              "border-radius: 4px; padding: 5px 8px;")


def short_description(text: str, limit: int = DESCRIPTION_CHARS) -> str:
    """The first paragraph, cut at a word before `limit` characters."""
    first = " ".join(text.strip().split("\n\n")[0].split())
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0].rstrip(",;:") + " …"


def hint_for(puzzle: Puzzle, solving: bool = False, found: int | None = None,
             reason: str | None = None, not_started: str | None = None) -> str:
    """What to do next: before a run (`found` None), while one runs, after it (`found`
    solutions). `reason`: why the puzzle has no solution, proved without searching (a
    colouring): Solve refuses it, so the hint never says to press Solve. `not_started`: why
    the last run never searched (a cluster out of reach): its 0 solutions prove nothing."""
    if puzzle.family is not None:  # its members are solved, not the board it starts from
        return ("A family: <b>Solve</b> (F5) counts every member; the Family panel shows the "
                "table, the checks and the picture. Click a member to open its solutions.")
    problems = puzzle.problems() or ([reason] if reason else [])
    if problems and not solving and found is None:
        return (f"This puzzle cannot be solved as it is: {escape('; '.join(problems))}. "
                "Design mode (Ctrl+1) edits it.")
    if solving:
        return ("Searching: solutions appear as they are found; step through them with ← and "
                "→ meanwhile. Pause (F6) and Stop (Shift+F5) keep what was found.")
    if not_started is not None:
        return escape(not_started, quote=False)
    if found == 0:
        return "No solution. Design mode (Ctrl+1) changes the puzzle."
    if found and puzzle.disassembly:
        return (f"{found:,} solution{'s' * (found != 1)}: the 3D view plays how the one shown "
                "comes apart (Play, or . and , to step); File › Export › Move List saves its "
                "moves.")
    if found == 1:
        return "1 solution. File › Export saves a picture of it, or the data."
    if found is not None:
        return (f"{found:,} solutions: step through them with ← and → (Home, End) or the "
                "slider; File › Export saves pictures, a contact sheet or the data.")
    if puzzle.is_sudoku:
        return ("Press <b>Solve</b> (F5) to solve it: the solver fills in the grid and proves "
                "whether the solution is the only one.")
    copies = sum(piece.count for piece in puzzle.pieces)
    return (f"Press <b>Solve</b> (F5) to find every way to place these {copies} pieces; step "
            "through the solutions with ← and → while the search runs.")


class PuzzleIntro(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.title.setFont(font)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setTextFormat(Qt.TextFormat.RichText)
        self.hint.setStyleSheet(HINT_STYLE)
        self.hint.hide()
        self.hint.setMinimumHeight(2 * self.hint.fontMetrics().lineSpacing() + 12)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 2)
        layout.setSpacing(3)
        for label in (self.title, self.description, self.hint):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            layout.addWidget(label)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.title.setText(puzzle.name)
        description = puzzle.description.strip()
        self.description.setText(short_description(description))
        self.description.setToolTip(description if len(description) > DESCRIPTION_CHARS
                                    else "")
        self.description.setVisible(bool(description))

    def show_hint(self, text: str | None) -> None:
        """A hint in a box under the description; None hides it."""
        self.hint.setText(text or "")
        self.hint.setVisible(text is not None)
