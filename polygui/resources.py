"""Where the shipped files live: next to the sources (a checkout), under <prefix>/share/polygui
(an installed copy), or inside a PyInstaller bundle."""

from __future__ import annotations

import site
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.polygui.PolyGUI"  # reverse-DNS: the .desktop file, AppStream, the window


def _asset_candidates() -> list[Path]:
    """Where shipped files may be, in the order they are looked for."""
    candidates = [ROOT / "assets", Path(sys.prefix) / "share" / "polygui",
                  Path(site.getuserbase()) / "share" / "polygui"]  # pip install --user
    if getattr(sys, "frozen", False):
        candidates.insert(0, Path(getattr(sys, "_MEIPASS", ROOT)) / "assets")
    return candidates


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    candidates = _asset_candidates()
    for candidate in candidates:
        if (candidate / "puzzles").is_dir():
            return candidate
    return candidates[0]


def is_shipped_example(path: Path) -> bool:
    """Whether `path` is in a folder of shipped examples: the checkout's, an installed copy's
    or the bundle's (they open as untitled copies and are never written)."""
    folder = Path(path).resolve().parent
    return any(folder == (candidate / "puzzles").resolve() for candidate in _asset_candidates())


def examples_dir() -> Path:
    return assets_dir() / "puzzles"


def icons_dir() -> Path:
    return assets_dir() / "icons"


def default_puzzle() -> Path:
    return examples_dir() / "meteor.json"


def data_folder() -> Path:
    """The per-user folder of the app's data (autosaves, kept runs)."""
    from PySide6.QtCore import QStandardPaths

    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".polygui")
