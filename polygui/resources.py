"""Where the shipped files live."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def examples_dir() -> Path:
    return ROOT / "assets" / "puzzles"


def default_puzzle() -> Path:
    return examples_dir() / "meteor.json"
