"""Where the shipped files live: next to the sources (a checkout), under <prefix>/share/polygui
(an installed copy), or inside a PyInstaller bundle."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.polygui.PolyGUI"  # reverse-DNS: the .desktop file, AppStream, the window


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    candidates = [ROOT / "assets", Path(sys.prefix) / "share" / "polygui"]
    if getattr(sys, "frozen", False):
        candidates.insert(0, Path(getattr(sys, "_MEIPASS", ROOT)) / "assets")
    for candidate in candidates:
        if (candidate / "puzzles").is_dir():
            return candidate
    return candidates[0]


def examples_dir() -> Path:
    return assets_dir() / "puzzles"


def icons_dir() -> Path:
    return assets_dir() / "icons"


def default_puzzle() -> Path:
    return examples_dir() / "meteor.json"
