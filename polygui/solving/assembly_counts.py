"""The Solve panel's lines for a puzzle whose assemblies must come apart: assemblies found
against solutions (those that come apart), the assemblies still being analysed, and the
levels found, as BurrTools writes them ("98.2.4.2: 1")."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from solvers import Progress, Puzzle

from ..models.status import plural

MAX_LEVELS = 6  # levels listed by name; the rest are summed up


def assemblies_text(solutions: int, assemblies: int) -> str:
    """"12 assemblies, 1 solution"."""
    return (f"{plural(assemblies, 'assembly', 'assemblies')}, "
            f"{plural(solutions, 'solution')}")


def levels_text(levels: tuple[tuple[str, int], ...]) -> str:
    """"98.2.4.2: 1; 4.9.3: 2", the simplest first, at most MAX_LEVELS of them."""
    shown = [f"{level}: {count:,}" for level, count in levels[:MAX_LEVELS]]
    rest = levels[MAX_LEVELS:]
    if rest:
        shown.append(f"{len(rest)} more levels ({plural(sum(c for _, c in rest), 'solution')})")
    return "; ".join(shown)


def progress_lines(progress: Progress) -> list[str]:
    """What a report of a run that takes assemblies apart says (none for another run)."""
    if progress.assemblies is None:
        return []
    lines = [assemblies_text(progress.solutions, progress.assemblies)]
    if progress.analysing:
        lines.append(f"analysing {plural(progress.analysing, 'assembly', 'assemblies')}…")
    if progress.levels:
        lines.append(f"Levels: {levels_text(progress.levels)}")
    elif progress.assemblies and not progress.analysing and progress.phase == "done":
        lines.append("None comes apart.")
    return lines


class AssemblyCounts(QLabel):
    """Hidden unless the puzzle's assemblies are taken apart; `count` the assemblies of the
    last report (None before one)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setToolTip("An assembly is a way to place every piece; a solution is an "
                        "assembly whose pieces can be slid apart. The level counts the "
                        "moves before each separation (BurrTools' notation)")
        self.count: int | None = None
        self.setMinimumHeight(3 * self.fontMetrics().lineSpacing())  # no re-layout mid-run
        self.hide()

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.setVisible(puzzle.disassembly)

    def reset(self) -> None:
        self.count = None
        self.clear()

    def show_progress(self, progress: Progress) -> None:
        lines = progress_lines(progress)
        if lines:
            self.count = progress.assemblies
            self.setText("\n".join(lines))
