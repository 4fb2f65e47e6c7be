"""Where the shipped files live (the example puzzles, the puzzle library, the icons): next to
the sources (a checkout), under <prefix>/share/polygui (an installed copy, also `pip install
--user`), or inside a PyInstaller bundle. The app (polygui.resources) and the solvers (the
library, the exports that must never write over an example) ask here."""

from __future__ import annotations

import site
import sys
from functools import lru_cache
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]  # a checkout's root (or site-packages)


def asset_candidates() -> list[Path]:
    """Where shipped files may be, in the order they are looked for."""
    candidates = [CHECKOUT / "assets", Path(sys.prefix) / "share" / "polygui",
                  Path(site.getuserbase()) / "share" / "polygui"]  # pip install --user
    if getattr(sys, "frozen", False):
        candidates.insert(0, Path(getattr(sys, "_MEIPASS", CHECKOUT)) / "assets")
    return candidates


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    """The first place that holds the example puzzles."""
    candidates = asset_candidates()
    return next((c for c in candidates if (c / "puzzles").is_dir()), candidates[0])


def shipped_dir(name: str) -> Path:
    """The first shipped folder `name` ("library", "icons") found, else the assets' one."""
    return next((c / name for c in asset_candidates() if (c / name).is_dir()),
                assets_dir() / name)


def examples_folders() -> list[Path]:
    """Every folder that may hold shipped example puzzles, resolved."""
    return [(candidate / "puzzles").resolve() for candidate in asset_candidates()]


def is_shipped_example(path: Path) -> bool:
    """Whether `path` is in a folder of shipped examples (they open as untitled copies and
    are never written)."""
    return Path(path).resolve().parent in examples_folders()
