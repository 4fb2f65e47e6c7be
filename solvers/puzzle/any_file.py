"""Any puzzle file the command line takes: a PolyGUI file or a seed text (fileformat), or a
BurrTools `.xmpuzzle` (burrtools), one of whose problems is chosen; or, when no file has that
name, a Sudoku line itself (`polygui-solve 0100562...`).

A file is told by what it holds, never by its name: a PolyGUI file saved as `x.xmpuzzle` is
JSON and opens as such, and a BurrTools file named `x.json` opens as BurrTools. Its first
bytes say which: gzip (as BurrTools writes) or XML is BurrTools; anything else is read by
`load_puzzle`, which tells JSON (`{`) from the text formats."""

from __future__ import annotations

import codecs
import os
from pathlib import Path

from .errors import PuzzleError
from .model import SUDOKU_SYMBOLS, Puzzle
from .textformats import SUDOKU_EMPTY, parse_sudoku_line, sudoku_size_of_line

BURRTOOLS_SUFFIX = ".xmpuzzle"
GZIP_MAGIC = b"\x1f\x8b"  # burrtools_xml's, here so that telling the kind loads no reader
SNIFFED_BYTES = 4096  # a byte-order mark and the white space before the XML, if any
_BYTE_ORDER_MARKS = (codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def is_burrtools(path: str | Path) -> bool:
    """Whether the file at `path` holds a BurrTools puzzle: gzip-compressed or XML (in UTF-8
    or UTF-16). False for a file that cannot be read: the loader then says why."""
    try:
        with open(path, "rb") as stream:
            start = stream.read(SNIFFED_BYTES)
    except OSError:
        return False
    if start.startswith(GZIP_MAGIC):
        return True
    for mark in _BYTE_ORDER_MARKS:
        start = start.removeprefix(mark)
    return start.replace(b"\0", b"").lstrip().startswith(b"<")  # UTF-16 as one byte a char


def sudoku_line_argument(argument: str | Path) -> str | None:
    """`argument` itself when it is a Sudoku line (n*n symbols of an n x n Sudoku: 81 of
    1-9, 256 of 1-9 and A-G...; `0` or `.` for empty) and names no file; None otherwise (a
    file of that name is read as a file, and a name that is no line is said missing)."""
    text = str(argument)
    n = sudoku_size_of_line(len(text))
    if n is None or not set(text.upper()) <= set(SUDOKU_EMPTY + SUDOKU_SYMBOLS[:n]):
        return None
    try:
        os.stat(text)
    except OSError:
        return text
    return None


def load_any(path: str | Path, problem: int | None = None) -> Puzzle:
    """The puzzle in `path` (or the Sudoku line `path` is); for a BurrTools file its problem
    `problem` (from 1; the first by default). PuzzleError naming the problem, also for
    `problem` with another file. Only the reader the file needs is imported (start-up)."""
    if is_burrtools(path):
        from .burrtools import load_burrtools

        return load_burrtools(path, 1 if problem is None else problem)
    if problem is not None:
        raise PuzzleError(f"--problem picks a problem of a BurrTools file ({BURRTOOLS_SUFFIX}), "
                          f"not of {Path(path).name}")
    line = sudoku_line_argument(path)
    if line is not None:
        return parse_sudoku_line(line)
    from .fileformat import load_puzzle

    return load_puzzle(path)
