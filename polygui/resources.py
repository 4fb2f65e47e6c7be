"""Where the shipped files live: next to the sources (a checkout), under <prefix>/share/polygui
(an installed copy), or inside a PyInstaller bundle; and the per-user data folder, private,
whose damaged files are set aside."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from solvers.puzzle.shipped import asset_candidates, assets_dir, is_shipped_example, shipped_dir

__all__ = ["APP_ID", "assets_dir", "data_folder", "default_puzzle", "docs_dir", "examples_dir",
           "icons_dir", "is_shipped_example", "library_dir", "private_folder"]

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.polygui.PolyGUI"  # reverse-DNS: the .desktop file, AppStream, the window
DAMAGED = ".damaged"  # the suffix of a data file set aside as unreadable


@lru_cache(maxsize=1)
def docs_dir() -> Path:
    """The user guide's folder (docs/ of a checkout, share/polygui/docs when installed)."""
    candidates = [ROOT / "docs", assets_dir() / "docs", *(c / "docs" for c in asset_candidates())]
    if getattr(sys, "frozen", False):
        candidates.insert(0, Path(getattr(sys, "_MEIPASS", ROOT)) / "docs")
    return next((c for c in candidates if (c / "index.md").is_file()), candidates[0])


def examples_dir() -> Path:
    return assets_dir() / "puzzles"


def library_dir() -> Path:
    """The puzzle library's JSON files (solvers.library)."""
    return shipped_dir("library")


def icons_dir() -> Path:
    return assets_dir() / "icons"


def default_puzzle() -> Path:
    return examples_dir() / "meteor.json"


def data_folder() -> Path:
    """The per-user folder of the app's data (autosaves, kept runs)."""
    from PySide6.QtCore import QStandardPaths

    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".polygui")


def private_folder(folder: Path) -> Path:
    """`folder`, made if missing, with every folder made for it readable by the user alone
    (0700: autosaves and kept runs hold unsaved work). A folder that exists is left as it is:
    its mode is the user's choice. Raises OSError."""
    missing = []
    for parent in (folder, *folder.parents):
        if parent.is_dir():
            break
        missing.append(parent)
    for made in reversed(missing):
        made.mkdir(mode=0o700, exist_ok=True)
        made.chmod(0o700)  # whatever the umask
    return folder


def set_aside(file: Path) -> Path | None:
    """Rename a damaged file in the data folder out of the way, to `<name>.damaged` (or
    `<name>.damaged-2`, ...: an earlier one is never replaced), so that it neither stops the
    app nor is read again, yet nothing is deleted. The new name, or None if it could not be
    renamed (it is then only skipped)."""
    for number in range(1, 100):
        aside = file.with_name(f"{file.name}{DAMAGED}" + (f"-{number}" if number > 1 else ""))
        if aside.exists():
            continue
        try:
            file.rename(aside)
        except OSError:
            return None
        return aside
    return None
