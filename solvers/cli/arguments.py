"""The types of command-line values (for argparse's `type=`), shared by `polygui-solve`'s
solver and image options: each value is checked while the command line is read, before any
work, and a bad one is refused by argparse in one line naming the option
(`polygui-solve: error: argument --limit: ...`, exit status 2)."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from ..puzzle.limits import shown

MAX_COUNT = 2**63 - 1  # solutions, limits, kept solutions: the kernels count in 64 bits
MAX_JOBS = 1024  # threads; a run splits its tree into 64 tasks a thread


class HelpFormatter(argparse.HelpFormatter):
    """argparse's, told the terminal's width as `shutil.get_terminal_size` would: argparse
    makes a formatter for every option it is given (to check its metavar), and without a
    width its own imports `shutil` (with bz2 and lzma), 2 ms of every command's start."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)


def terminal_columns() -> int:
    """$COLUMNS, else standard output's terminal width, else 80 (shutil's rule)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):  # no stdout, closed, not a terminal
            columns = 0
    return columns if columns > 0 else 80


def whole_number(low: int, high: int = MAX_COUNT) -> Callable[[str], int]:
    """A type reading a whole number from `low` to `high`."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # not a number, or more digits than int() reads
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{shown(text)}: give a whole number from {low:,} to {high:,}")
        return value
    return parse


def seconds(low: float, high: float) -> Callable[[str], float]:
    """A type reading a number of seconds from `low` to `high` (not nan, not infinite)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not low <= value <= high:  # nan compares false: refused too
            raise argparse.ArgumentTypeError(
                f"{shown(text)}: give a number of seconds from {low:g} to {high:g}")
        return value
    return parse


def pair(first: str, second: str, highs: tuple[int, int],
         example: str) -> Callable[[str], tuple[int, int]]:
    """A type reading 'AxB' (or 'A×B') into (a, b), each from 1 to its entry of `highs`."""
    form = f"{first.upper()}x{second.upper()}"

    def parse(text: str) -> tuple[int, int]:
        try:
            values = tuple(int(part) for part in text.lower().replace("×", "x").split("x"))
        except ValueError:
            values = ()
        if len(values) != 2:
            raise argparse.ArgumentTypeError(f"{shown(text)}: write it as {form}, e.g. {example}")
        for name, value, high in zip((first, second), values, highs):
            if not 1 <= value <= high:
                raise argparse.ArgumentTypeError(
                    f"{shown(text)}: the {name} must be from 1 to {high:,}")
        return values
    return parse


def new_file(text: str) -> Path:
    """A type for a file to be written (a run file): its folder exists and is writable, and
    it is not a folder itself."""
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{path} is a folder: name a file in it")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"{path}: the folder {folder} is not writable")
    return path


def refuse_unused(parser: argparse.ArgumentParser, args: argparse.Namespace,
                  dests: Iterable[str], where: str) -> None:
    """Exit through `parser.error` naming the first option of `dests` that was given (its
    value is not the default): it "does not apply to `where`"."""
    for dest in dests:
        if getattr(args, dest) != parser.get_default(dest):
            parser.error(f"--{dest.replace('_', '-')} does not apply to {where}")
