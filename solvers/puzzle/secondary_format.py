"""The file keys of exact cover with secondary items: a piece's `"count"` as a range
`[fewest, most]`, and the board's `"optional"` cells (that may stay empty).

    {"name": "I", "cells": [[0, 0], [1, 0]], "count": [0, 2]}
    "optional": [[3, 0], [3, 1]]

`fileformat` calls these so that it stays one reader of the common keys.
"""

from __future__ import annotations

from typing import Any

from .errors import PuzzleError
from .limits import MAX_PIECE_CELLS, shown
from .model import Piece


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_count(value: Any, where: str) -> tuple[int, int | None]:
    """(most copies, fewest copies or None) from a `"count"`: a number, or [fewest, most]."""
    if isinstance(value, list):
        if len(value) != 2 or not all(_whole(v) for v in value):
            raise PuzzleError(f"{where}: a count range must be [fewest, most], two whole "
                              f"numbers, not {shown(value)}")
        fewest, most = value
        if fewest < 0:
            raise PuzzleError(f"{where}: the count range {shown(value)} starts below 0")
        if most < 1:
            raise PuzzleError(f"{where}: the count range {shown(value)} allows no copy at all "
                              "(its most must be at least 1)")
        if fewest > most:
            raise PuzzleError(f"{where}: the count range {shown(value)} has its fewest above "
                              "its most")
        _check_most(most, where)
        return most, fewest
    if not _whole(value) or value < 1:
        raise PuzzleError(f"{where}: count must be a whole number of at least 1 or a range "
                          f"[fewest, most], not {shown(value)}")
    _check_most(value, where)
    return value, None


def _check_most(most: int, where: str) -> None:
    if most > MAX_PIECE_CELLS:
        raise PuzzleError(f"{where}: {shown(most)} copies; PolyGUI takes at most "
                          f"{MAX_PIECE_CELLS:,} cells of pieces in all")


def count_value(piece: Piece) -> int | list[int]:
    """What a piece's `"count"` is written as."""
    return [piece.least, piece.count] if piece.has_range else piece.count
