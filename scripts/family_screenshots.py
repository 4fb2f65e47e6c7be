"""The user guide's picture of a puzzle family (docs/families.md), taken by
scripts/screenshots.py: the shipped calendar puzzle solved for every date of the year, with
the Family panel's checks, table and calendar coloured by the solutions of each date."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QApplication

from polygui.resources import examples_dir

FAMILY_NAMES = ("family-calendar.png",)
SIZE = QSize(1260, 980)  # taller than the other pictures: the calendar's figures readable
DOCK_SHARE = 0.6  # of the window's height


def solved_calendar(app: QApplication, window, wait_for) -> None:
    """The shipped calendar family opened and solved on every core, the dock made tall."""
    window.open_puzzle(examples_dir() / "calendar.json")
    families = window.families
    window.resizeDocks([families.dock], [int(window.height() * DOCK_SHARE)],
                       Qt.Orientation.Vertical)
    window.start_solve()
    wait_for(app, lambda: not families.is_running(), "the calendar's 366 dates")
    if not families.panel.results.is_complete():
        raise SystemExit(f"the calendar was not solved: {window.panel.status.text()}")


def take_family_screenshots(app: QApplication, window, folder: Path, settle, wait_for,
                            picture, save) -> list[Path]:
    """The paths written, in FAMILY_NAMES' order (the helpers are screenshots.py's)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in FAMILY_NAMES]
    size = window.size()
    window.resize(SIZE)
    settle(app)
    try:
        solved_calendar(app, window, wait_for)
        settle(app)
        save(picture(window), paths[0])
    finally:
        window.resize(size)
    return paths
