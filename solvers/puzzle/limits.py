"""The largest puzzle PolyGUI takes, and the checks that refuse anything larger by name.

Every limit is far beyond any puzzle that can be solved (the largest shipped board has 64
cells), and small enough that every step after loading (placements, symmetry tables, the
views and editors, which draw the bounding box of a board) stays bounded in time and memory.
A puzzle past one is refused with a PuzzleError saying which limit and by how much; the
user guide lists them (docs/files.md, "Limits").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import PuzzleError

MAX_FILE_BYTES = 16 << 20  # a puzzle file (the largest legal puzzle takes under 1 MiB)
MAX_NESTING = 64  # lists and objects inside each other, anywhere in a file ("extra" too)
MAX_COORDINATE = 1_000_000  # every cell coordinate lies in -MAX_COORDINATE..MAX_COORDINATE
MAX_SPAN = 256  # a board, and each piece, is at most this many cells across on each axis
MAX_BOARD_CELLS = 4096  # cells of a board (64 x 64, or 16 x 16 x 16)
MAX_PIECE_CELLS = 4096  # cells of all pieces together, each copy counted (so copies too)
MAX_PLACEMENTS = 1_000_000  # placements of all pieces on the board, found while preparing
MAX_SEARCH_BYTES = 2 << 30  # the tables a search allocates before it starts


def check_cells(where: str, cells: Iterable[tuple[int, ...]], limit: int, axes: str) -> None:
    """PuzzleError when `cells` are more than `limit`, lie outside the coordinate range, or
    span more than MAX_SPAN on an axis. Cells are tuples of ints, one per letter of `axes`."""
    cells = list(cells)
    if len(cells) > limit:
        raise PuzzleError(f"{where} has {len(cells):,} cells; PolyGUI takes at most {limit:,}")
    if not cells:
        return
    for axis, values in enumerate(zip(*cells)):
        low, high = min(values), max(values)
        if low < -MAX_COORDINATE or high > MAX_COORDINATE:
            far = low if low < -MAX_COORDINATE else high
            raise PuzzleError(f"{where}: coordinate {shown(far)} is out of range (coordinates "
                              f"lie between -{MAX_COORDINATE:,} and {MAX_COORDINATE:,})")
        if high - low >= MAX_SPAN:
            raise PuzzleError(f"{where} is {high - low + 1:,} cells across along {axes[axis]}; "
                              f"PolyGUI takes at most {MAX_SPAN}")


def shown(value: Any, width: int = 40, _depth: int = 0) -> str:
    """`repr(value)`, cut to about `width` characters: a message names a bad value without
    printing a whole hostile file (and a huge int is never turned into all its digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a {value.bit_length()}-bit number"
    if isinstance(value, (list, tuple)) and _depth > 8:
        text = "[…]"
    elif isinstance(value, (list, tuple)):
        parts, length = [], 2
        for item in value:
            if length > width:
                parts.append("…")
                break
            parts.append(shown(item, width, _depth + 1))
            length += len(parts[-1]) + 2
        text = "[" + ", ".join(parts) + "]"
    elif isinstance(value, dict):
        text = "{…}" if value else "{}"
    else:
        text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def check_entry(item: Any, where: str, keys: Iterable[str]) -> dict:
    """`item`, an entry of a list in a file, checked to be an object with no key but `keys`."""
    if not isinstance(item, dict):
        raise PuzzleError(f"{where} must be an object")
    unknown = sorted(set(item) - set(keys))
    if unknown:
        raise PuzzleError(f"{where}: unknown key {shown(unknown[0])}")
    return item
