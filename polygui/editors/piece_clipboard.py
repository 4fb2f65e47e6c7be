"""Pieces on the system clipboard: copied from one puzzle's piece list, pasted into another's
(in this window, after opening another file, or in another PolyGUI).

The clipboard holds the pieces as the puzzle file's piece records (PIECES_MIME), and the same
JSON as plain text, readable and pasteable from a text editor. Reading goes through the file
format's own checks, so a damaged clipboard gives the loader's message, never a traceback.
Constraint paint and movement groups belong to their puzzle and are not copied.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QGuiApplication

from solvers import GridKind, Piece, Puzzle, PuzzleError
from solvers.puzzle.fileformat import FORMAT_NAME, puzzle_from_dict, puzzle_to_dict

from ..models import PuzzleDocument
from ..views.colours import piece_colour

PIECES_MIME = "application/x-polygui-pieces"
CLIP_FORMAT = "polygui-pieces"
GRID_WORDS = {GridKind.SQUARE: "square", GridKind.HEX: "hex", GridKind.TRIANGLE: "triangle",
              GridKind.CUBE: "cube"}


def plain(piece: Piece) -> Piece:
    """The piece without what only its own puzzle gives meaning to."""
    return dataclasses.replace(piece, paint=(), groups=())


def pieces_text(kind: GridKind, pieces: tuple[Piece, ...]) -> str:
    """The clipboard's JSON: one piece record a line, under the grid's name."""
    records = puzzle_to_dict(Puzzle(kind, "clipboard", pieces=tuple(map(plain, pieces))))
    lines = ",\n".join("  " + json.dumps(record) for record in records["pieces"])
    return (f'{{"format": "{CLIP_FORMAT}", "grid": "{kind.value}", "pieces": [\n'
            f"{lines}\n]}}\n")


def pieces_mime(kind: GridKind, pieces: tuple[Piece, ...]) -> QMimeData:
    text = pieces_text(kind, pieces)
    mime = QMimeData()
    mime.setData(PIECES_MIME, text.encode())
    mime.setText(text)
    return mime


def read_pieces(text: str) -> tuple[GridKind, tuple[Piece, ...]]:
    """The grid and the pieces of clipboard text; PuzzleError saying what is wrong."""
    try:
        data = json.loads(text)
    except ValueError:
        raise PuzzleError("the clipboard holds no PolyGUI pieces") from None
    if not isinstance(data, dict) or data.get("format") != CLIP_FORMAT:
        raise PuzzleError("the clipboard holds no PolyGUI pieces")
    puzzle = puzzle_from_dict({"format": FORMAT_NAME, "version": 1, "name": "clipboard",
                               "grid": data.get("grid"), "board": [],
                               "pieces": data.get("pieces")})
    if not puzzle.pieces:
        raise PuzzleError("the clipboard holds no pieces")
    return puzzle.kind, puzzle.pieces


def clipboard_pieces(mime: QMimeData | None) -> tuple[GridKind, tuple[Piece, ...]]:
    """The pieces on the clipboard (its own format, else its text)."""
    if mime is not None and mime.hasFormat(PIECES_MIME):
        return read_pieces(bytes(mime.data(PIECES_MIME)).decode("utf-8", "replace"))
    return read_pieces(mime.text() if mime is not None and mime.hasText() else "")


def free_name(name: str, taken: set[str]) -> str:
    """`name`, or "name 2", "name 3"… when a piece already has it."""
    wanted, number = name, 2
    while wanted in taken:
        wanted, number = f"{name} {number}", number + 1
    return wanted


def kind_problem(pieces_kind: GridKind, puzzle_kind: GridKind) -> str | None:
    """Why these pieces cannot go into this puzzle, or None."""
    if pieces_kind is puzzle_kind:
        return None
    board = "a 3D box" if puzzle_kind is GridKind.CUBE else \
        f"a {GRID_WORDS.get(puzzle_kind, puzzle_kind.value)} board"
    return f"these are {GRID_WORDS.get(pieces_kind, pieces_kind.value)} pieces; this puzzle is {board}"


def with_pasted(pieces: tuple[Piece, ...], fresh_colour: Callable[[Puzzle], str]):
    """An edit adding `pieces` at the end: names already used get a number, and colours
    already shown (or none) give way to `fresh_colour(puzzle)` (piece_list's)."""
    def edit(puzzle: Puzzle) -> Puzzle:
        taken = {piece.name for piece in puzzle.pieces}
        for piece in pieces:
            name = free_name(piece.name, taken)
            taken.add(name)
            shown = {piece_colour(puzzle, i).name() for i in range(len(puzzle.pieces))}
            colour = piece.colour if piece.colour and piece.colour.lower() not in shown \
                else fresh_colour(puzzle)
            puzzle = dataclasses.replace(puzzle, pieces=puzzle.pieces + (
                dataclasses.replace(plain(piece), name=name, colour=colour),))
        return puzzle
    return edit


def copy_pieces(puzzle: Puzzle, indices: list[int]) -> int:
    """Put pieces `indices` of `puzzle` on the clipboard, each in the colour it shows."""
    pieces = tuple(dataclasses.replace(puzzle.pieces[i], colour=piece_colour(puzzle, i).name())
                   for i in indices)
    if pieces:
        QGuiApplication.clipboard().setMimeData(pieces_mime(puzzle.kind, pieces))
    return len(pieces)


def paste_pieces(document: PuzzleDocument, fresh_colour: Callable[[Puzzle], str]) -> str:
    """Add the clipboard's pieces to the document's puzzle, as one edit; what went wrong, or
    "" when they were added."""
    try:
        kind, pieces = clipboard_pieces(QGuiApplication.clipboard().mimeData())
    except PuzzleError as error:
        return f"Paste: {error}"
    problem = kind_problem(kind, document.puzzle.kind)
    if problem:
        return f"Paste: {problem}"
    names = ", ".join(piece.name for piece in pieces)
    document.edit(f"Paste piece{'s' * (len(pieces) > 1)} {names}", with_pasted(pieces, fresh_colour))
    return ""
