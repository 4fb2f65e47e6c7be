"""Library entries: reading assets/library/*.json, checking every entry's metadata, and
building an entry's puzzle when it is opened (its board and pieces are made then, so the
library loads fast)."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ..puzzle.errors import PuzzleError
from ..puzzle.fileformat import load_puzzle, puzzle_from_dict
from ..puzzle.grids import GridKind
from ..puzzle.model import SYMMETRY_MODES, Puzzle
from ..puzzle.shipped import shipped_dir
from ..records import record
from .boards import BoardError, board_cells
from .sets import LIBRARY_SETS

FORMAT = "polygui-library"
DIFFICULTIES = ("easy", "medium", "hard", "unrated")
EASY_SECONDS, MEDIUM_SECONDS = 1.0, 60.0  # the estimate's seconds on one thread
MODE_WORDS = {"distinct": "up to rotation and reflection", "rotations": "up to rotation",
              "all": "in all"}
REQUIRED = ("id", "title", "grid", "set", "counts", "source")
KNOWN = {*REQUIRED, "board", "givens", "box", "file", "seconds", "note", "counts_source"}
# where the counts come from: a publication (`source` names it), or PolyGUI's own count where
# none was found (`source` then names where the board comes from); or none at all, for a board
# its source says has many solutions, too many to count (its counts are then empty)
COUNTS_SOURCES = {"published": "Published",
                  "computed": "Computed by PolyGUI (no published count found)",
                  "uncounted": "Published as having many solutions, never counted"}


class LibraryError(PuzzleError):
    """A library file or entry is unreadable or incomplete; the message names which."""


@record
class LibraryEntry:
    id: str
    title: str
    kind: GridKind
    set: str  # a key of LIBRARY_SETS, or for a Sudoku or a shipped file a label
    counts: dict[str, int]  # mode -> the published (or computed) count
    source: str
    board: dict | None = None  # a polyform board (boards.board_cells)
    givens: str = ""  # a Sudoku's, row by row, "." empty
    box: tuple[int, int] = (3, 3)
    file: str = ""  # a shipped puzzle under assets/puzzles
    seconds: float | None = None  # the estimate's, filled in by bench/bench_library.py
    note: str = ""
    puzzles_dir: Path | None = None
    counts_source: str = "published"  # a key of COUNTS_SOURCES

    @property
    def uncounted(self) -> bool:
        """A board with solutions but no count (a solution is checked, not counted)."""
        return self.counts_source == "uncounted"

    @property
    def computed(self) -> bool:
        """The counts are PolyGUI's own (two kernels agree on them), not a publication's."""
        return self.counts_source == "computed"

    @property
    def counts_label(self) -> str:
        return COUNTS_SOURCES[self.counts_source]

    @property
    def set_label(self) -> str:
        return LIBRARY_SETS[self.set][1] if self.set in LIBRARY_SETS else self.set

    @property
    def difficulty(self) -> str:
        if self.seconds is None:
            return "unrated"
        if self.seconds < EASY_SECONDS:
            return "easy"
        return "medium" if self.seconds < MEDIUM_SECONDS else "hard"

    def counts_text(self) -> str:
        """"2,339 up to rotation and reflection, 9,356 in all"; a Sudoku's "1 solution"."""
        if self.uncounted:
            return "many solutions, not counted"
        if self.kind is GridKind.SUDOKU:
            return ", ".join(f"{count:,} solution{'' if count == 1 else 's'}"
                             for count in self.counts.values())
        return ", ".join(f"{count:,} {MODE_WORDS[mode]}" for mode, count in self.counts.items())

    @cached_property
    def cells(self) -> tuple[tuple[int, ...], ...]:
        """The board's cells (a polyform entry built from a set), else ()."""
        return board_cells(self.kind, self.board) if self.board is not None else ()

    def puzzle(self) -> Puzzle:
        """The entry as a puzzle (PuzzleError if it cannot be built)."""
        description = (f"{self.title}. {self.counts_label}: {self.counts_text()} "
                       f"({self.source})."
                       + (f" {self.note}" if self.note else ""))
        if self.file:
            shipped = load_puzzle((self.puzzles_dir or Path()) / self.file)
            return replace(shipped, name=self.title, description=description)
        if self.kind is GridKind.SUDOKU:
            n = self.box[0] * self.box[1]
            rows = [self.givens[i:i + n] for i in range(0, n * n, n)]
            return puzzle_from_dict({"format": "polygui-puzzle", "version": 1, "name": self.title,
                                     "description": description, "grid": "sudoku",
                                     "box": list(self.box), "givens": rows})
        pieces = LIBRARY_SETS[self.set][2](len(self.cells))
        return Puzzle(self.kind, self.title, description, board=self.cells, pieces=pieces)


def library_dir() -> Path:
    """The shipped library's folder: a checkout's assets/library, an installed copy's
    share/polygui/library, or a bundle's."""
    return shipped_dir("library")


def load_library(folder: Path | None = None) -> tuple[LibraryEntry, ...]:
    """Every entry of the library's JSON files, in file and entry order. LibraryError naming
    the file and the entry of the first problem."""
    folder = Path(folder) if folder is not None else library_dir()
    files = sorted(folder.glob("*.json"))
    if not files:
        raise LibraryError(f"no library files (*.json) in {folder}")
    entries: list[LibraryEntry] = []
    seen: set[str] = set()
    for path in files:
        for entry in read_library_file(path, folder.parent / "puzzles"):
            if entry.id in seen:
                raise LibraryError(f"{path.name}: the id {entry.id!r} is used twice")
            seen.add(entry.id)
            entries.append(entry)
    return tuple(entries)


def read_library_file(path: Path, puzzles_dir: Path | None = None) -> list[LibraryEntry]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LibraryError(f"{path.name}: cannot read it: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        raise LibraryError(f"{path.name}: not a PolyGUI library file (format {FORMAT!r}, "
                           "version 1)")
    items = data.get("entries")
    if not isinstance(items, list):
        raise LibraryError(f"{path.name}: 'entries' must be a list")
    entries = []
    for number, item in enumerate(items, 1):
        name = item.get("id") if isinstance(item, dict) else None
        where = f"{path.name}, entry {number}" + (f" ({name})" if isinstance(name, str) else "")
        try:
            entries.append(parse_entry(item, puzzles_dir))
        except (BoardError, LibraryError) as error:
            raise LibraryError(f"{where}: {error}") from None
    return entries


def parse_entry(item: Any, puzzles_dir: Path | None = None) -> LibraryEntry:
    """One entry, its metadata checked (LibraryError naming the field)."""
    if not isinstance(item, dict):
        raise LibraryError("an entry must be an object")
    missing = [key for key in REQUIRED if key not in item]
    if missing:
        raise LibraryError(f"missing {', '.join(missing)}")
    unknown = sorted(set(item) - KNOWN)
    if unknown:
        raise LibraryError(f"unknown field {', '.join(unknown)}")
    for key in ("id", "title", "set", "source"):
        if not isinstance(item[key], str) or not item[key].strip():
            raise LibraryError(f"{key} must be a non-empty text")
    try:
        kind = GridKind(item["grid"])
    except ValueError:
        raise LibraryError(f"unknown grid {item['grid']!r}: use "
                           f"{', '.join(k.value for k in GridKind)}") from None
    entry = LibraryEntry(
        id=item["id"], title=item["title"], kind=kind, set=item["set"],
        counts=_counts(item["counts"]), source=item["source"], board=item.get("board"),
        givens=item.get("givens", ""), box=tuple(item.get("box", (3, 3))),
        file=item.get("file", ""), seconds=_seconds(item.get("seconds")),
        note=item.get("note", ""), puzzles_dir=puzzles_dir,
        counts_source=_counts_source(item.get("counts_source", "published")))
    if (not entry.counts) != entry.uncounted:
        raise LibraryError("counts are empty exactly when counts_source is \"uncounted\" (a "
                           "board published as having many solutions)")
    _check_content(entry)
    return entry


def _counts(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise LibraryError("counts must map a mode (distinct, rotations, all) to a count")
    for mode, count in value.items():
        if mode not in SYMMETRY_MODES:
            raise LibraryError(f"counts: unknown mode {mode!r}: use {', '.join(SYMMETRY_MODES)}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise LibraryError(f"counts: the {mode} count must be a whole number >= 0")
    return {mode: value[mode] for mode in SYMMETRY_MODES if mode in value}


def _counts_source(value: Any) -> str:
    if value not in COUNTS_SOURCES:
        *others, last = COUNTS_SOURCES
        raise LibraryError(f"counts_source must be {', '.join(others)} or {last}, not {value!r}")
    return value


def _seconds(value: Any) -> float | None:
    if value is None:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
        raise LibraryError("seconds must be a number >= 0")
    return float(value)


def _check_content(entry: LibraryEntry) -> None:
    """Exactly one way to build the puzzle, and it fits the grid."""
    given = [key for key, value in (("board", entry.board), ("givens", entry.givens),
                                    ("file", entry.file)) if value]
    if len(given) != 1:
        raise LibraryError("needs exactly one of board, givens, file "
                           f"(found {', '.join(given) or 'none'})")
    if entry.board is not None:
        if entry.set not in LIBRARY_SETS:
            raise LibraryError(f"unknown set {entry.set!r}: use one of {', '.join(LIBRARY_SETS)}")
        if LIBRARY_SETS[entry.set][0] is not entry.kind:
            raise LibraryError(f"the set {entry.set!r} is not of the {entry.kind.value} grid")
        entry.cells  # noqa: B018 (reads the board: BoardError if it cannot)
    if entry.givens:
        if entry.kind is not GridKind.SUDOKU:
            raise LibraryError("givens belong to a sudoku entry")
        if len(entry.box) != 2 or not all(isinstance(v, int) and v > 0 for v in entry.box):
            raise LibraryError("box must be [rows, columns] of a Sudoku box")
        n = entry.box[0] * entry.box[1]
        if not isinstance(entry.givens, str) or len(entry.givens) != n * n:
            raise LibraryError(f"givens must be one text of {n * n} characters")
    if entry.file and (not isinstance(entry.file, str) or "/" in entry.file
                       or not entry.file.endswith(".json")):
        raise LibraryError("file must name a shipped puzzle, such as soma.json")
