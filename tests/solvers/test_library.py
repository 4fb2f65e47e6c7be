"""The puzzle library: every entry loads with complete metadata and builds its puzzle; the
fast entries solve to their PUBLISHED counts (the recorded counts are the sources', never
our own); bad library files are refused with a message naming the file, entry and field."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest

from solvers import GridKind, count_solutions
from solvers.analysis.certificates import certificates
from solvers.library import LibraryError, library_dir, load_library
from solvers.library.boards import BoardError, board_cells
from solvers.library.sets import LIBRARY_SETS
from solvers.puzzle.grids import is_connected
from solvers.puzzle.model import SYMMETRY_MODES, PuzzleError

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = load_library()
FAST_SECONDS = 0.1  # the estimate's (bench_library.py --write): each solves here in well under 0.5 s


def test_the_library_is_the_checkouts_and_has_every_grid():
    assert library_dir() == ROOT / "assets" / "library"
    assert len(ENTRIES) >= 150
    assert {entry.kind for entry in ENTRIES} == set(GridKind)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.id)
def test_every_entry_has_complete_metadata_and_builds_its_puzzle(entry):
    assert entry.id and entry.title.strip() and entry.source.strip() and entry.set_label
    assert (bool(entry.counts) != entry.uncounted) and set(entry.counts) <= set(SYMMETRY_MODES)
    assert all(isinstance(n, int) and n >= 0 for n in entry.counts.values())
    assert entry.difficulty in ("easy", "medium", "hard", "unrated")
    puzzle = entry.puzzle()
    assert puzzle.kind is entry.kind and puzzle.name == entry.title
    assert entry.source in puzzle.description
    if not puzzle.is_sudoku:  # the pieces cover the board exactly
        assert puzzle.piece_cell_total == len(puzzle.board)
        assert is_connected(puzzle.kind, puzzle.board)


def test_the_issues_grids_have_their_classic_boards():
    """Tetrahex and pentahex boards, hexomino boards, Soma figures beyond the cube, solid pentomino and
    tetracube figures, hexiamond boards beyond the parallelograms."""
    by_set = {key: [e for e in ENTRIES if e.set == key] for key in LIBRARY_SETS}
    assert len(by_set["tetrahexes"]) >= 10 and len(by_set["hexominoes"]) >= 4
    assert len(by_set["pentahexes"]) >= 2
    assert len(by_set["soma"]) >= 10 and len(by_set["solid-pentominoes"]) >= 10
    assert len(by_set["tetracubes"]) >= 2 and len(by_set["hexiamonds"]) >= 15
    assert sum(e.kind is GridKind.HEX for e in ENTRIES) >= 10


def test_the_ids_are_unique_across_files():
    ids = [entry.id for entry in ENTRIES]
    assert len(ids) == len(set(ids))


FAST = [entry for entry in ENTRIES if entry.seconds is not None and entry.seconds < FAST_SECONDS]


def test_enough_entries_are_fast_to_check_here():
    assert len(FAST) >= 100
    assert len({entry.kind for entry in FAST}) >= 4


@pytest.mark.parametrize("entry", FAST, ids=lambda entry: entry.id)
def test_a_fast_entry_solves_to_its_published_counts(entry):
    puzzle = entry.puzzle()
    for mode, published in entry.counts.items():
        assert solved(puzzle, mode, published) == published, mode


# one a piece set (the bench checks them all): 14x15, Benjamin's rectangle of 1934
HARD_ZEROS = list({entry.set: entry for entry in reversed(ENTRIES)
                   if entry.kind is not GridKind.SUDOKU and entry.counts
                   and not any(entry.counts.values()) and entry.difficulty == "hard"}.values())


@pytest.mark.parametrize("entry", HARD_ZEROS, ids=lambda entry: entry.id)
def test_an_impossible_board_too_slow_to_search_has_a_certificate(entry):
    """What bench_library.py takes as the proof where the search would not end in time (the
    hexominoes' rectangles: the checkerboard leaves them unbalanced)."""
    proofs = certificates(entry.puzzle())
    assert proofs and proofs[0].kind in ("colouring", "uncoverable", "cells")


def test_a_computed_count_is_labelled_so_and_published_is_the_default(tmp_path):
    computed = GOOD | {"id": "mine", "counts_source": "computed", "source": "my own board"}
    (tmp_path / "mine.json").write_text(json.dumps(
        {"format": "polygui-library", "version": 1, "entries": [GOOD, computed]}))
    published, mine = load_library(tmp_path)
    assert not published.computed and published.puzzle().description.startswith(
        "X. Published: 2,339 up to rotation and reflection (somewhere).")
    assert mine.computed and mine.puzzle().description.startswith(
        "X. Computed by PolyGUI (no published count found): 2,339 up to rotation and "
        "reflection (my own board).")


UNCOUNTED = [entry for entry in ENTRIES if entry.uncounted]


@pytest.mark.parametrize("entry", UNCOUNTED, ids=lambda entry: entry.id)
def test_a_board_published_with_many_solutions_has_one_found_here(entry):
    """The pentahex parallelograms: too many solutions to count, a solution in a second."""
    puzzle = entry.puzzle()
    assert entry.counts == {} and entry.difficulty == "hard"
    assert "many solutions, not counted" in puzzle.description
    assert count_solutions(puzzle, "distinct", limit=1, jobs=1).solutions == 1


def test_an_uncounted_entry_has_no_counts_and_a_counted_one_has_some(tmp_path):
    for change, words in (({"counts": {}}, "counts are empty exactly when"),
                          ({"counts_source": "uncounted"}, "counts are empty exactly when")):
        (tmp_path / "bad.json").write_text(json.dumps(
            {"format": "polygui-library", "version": 1, "entries": [GOOD | change]}))
        with pytest.raises(LibraryError, match=words):
            load_library(tmp_path)


def test_the_shipped_computed_counts_name_where_their_board_comes_from():
    computed = [entry for entry in ENTRIES if entry.computed]
    assert computed and all(entry.source.startswith("Board:") for entry in computed)


def solved(puzzle, mode: str, published: int) -> int:
    """The solver's count; a search refused before it starts (a piece that fits nowhere
    without stranding cells) counts as none, where none are published."""
    try:
        return count_solutions(puzzle, mode).solutions
    except PuzzleError as error:
        if published:
            raise
        assert "cannot go anywhere" in str(error)
        return 0


def test_pictures_read_as_the_app_draws_boards():
    assert board_cells(GridKind.SQUARE, {"picture": ["#.", "##"]}) == ((0, 0), (0, 1), (1, 1))
    # offset rows: the odd row is shifted half a cell right
    assert board_cells(GridKind.HEX, {"picture": ["##", "##"]}) == ((0, 0), (0, 1), (1, 0), (1, 1))
    triangles = board_cells(GridKind.TRIANGLE, {"picture": ["###"]})
    assert len(triangles) == 3 and is_connected(GridKind.TRIANGLE, triangles)
    assert board_cells(GridKind.CUBE, {"layers": [["##"], ["#."]]}) == \
        ((0, 0, 0), (0, 0, 1), (1, 0, 0))
    assert len(board_cells(GridKind.SQUARE, {"rectangle": [8, 8], "minus": [[0, 0], [7, 7]]})) == 62


@pytest.mark.parametrize("spec, words", [
    ({"picture": ["#x"]}, "'x' is neither # nor ."),
    ({"rectangle": [3]}, "expected 2 sides"),
    ({"box": [2, 2, 2]}, "a square board cannot be given as 'box'"),
    ({"rectangle": [2, 2], "minus": [[5, 5]]}, "minus: [5, 5] is not a cell"),
    ({"rectangle": [2, 2], "picture": ["#"]}, "exactly one of"),
])
def test_a_bad_board_is_named(spec, words):
    with pytest.raises(BoardError, match=None) as raised:
        board_cells(GridKind.SQUARE, spec)
    assert words in str(raised.value)


GOOD = {"id": "x", "title": "X", "grid": "square", "set": "pentominoes",
        "board": {"rectangle": [10, 6]}, "counts": {"distinct": 2339}, "source": "somewhere"}


@pytest.mark.parametrize("change, words", [
    ({"source": None}, "missing source"),
    ({"counts": {"sideways": 3}}, "unknown mode 'sideways'"),
    ({"counts": {"all": -1}}, "the all count must be a whole number"),
    ({"set": "heptominoes"}, "unknown set 'heptominoes'"),
    ({"set": "hexiamonds"}, "the set 'hexiamonds' is not of the square grid"),
    ({"grid": "octagon"}, "unknown grid 'octagon'"),
    ({"seconds": "fast"}, "seconds must be a number"),
    ({"colour": "red"}, "unknown field colour"),
    ({"grid": "sudoku", "board": None, "givens": "1" * 80}, "givens must be one text of 81"),
    ({"board": {"picture": ["#?"]}}, "'?' is neither # nor ."),
    ({"counts_source": "guessed"},
     "counts_source must be published, computed or uncounted, not 'guessed'"),
])
def test_a_bad_entry_is_refused_naming_the_file_entry_and_field(tmp_path, change, words):
    item = {key: value for key, value in {**GOOD, **change}.items() if value is not None}
    (tmp_path / "mine.json").write_text(json.dumps(
        {"format": "polygui-library", "version": 1, "entries": [GOOD | {"id": "fine"}, item]}))
    with pytest.raises(LibraryError) as raised:
        load_library(tmp_path)
    assert str(raised.value).startswith("mine.json, entry 2")
    assert words in str(raised.value)


def test_a_duplicate_id_and_a_foreign_file_are_refused(tmp_path):
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text(json.dumps(
            {"format": "polygui-library", "version": 1, "entries": [GOOD]}))
    with pytest.raises(LibraryError, match="b.json: the id 'x' is used twice"):
        load_library(tmp_path)
    (tmp_path / "b.json").write_text('{"format": "polygui-puzzle"}')
    with pytest.raises(LibraryError, match="b.json: not a PolyGUI library file"):
        load_library(tmp_path)
    (tmp_path / "b.json").write_text("{")
    with pytest.raises(LibraryError, match="b.json: cannot read it"):
        load_library(tmp_path)


def test_an_installed_copy_finds_the_library_where_pyproject_puts_it(tmp_path, monkeypatch):
    data_files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "data-files"]
    assert data_files["share/polygui/library"] == ["assets/library/*.json"]
    installed = tmp_path / "share" / "polygui" / "library"
    installed.mkdir(parents=True)
    for path in (ROOT / "assets" / "library").glob("*.json"):
        (installed / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    monkeypatch.setattr("solvers.puzzle.shipped.CHECKOUT", tmp_path / "site-packages")
    assert library_dir() == installed


def test_every_named_set_is_of_its_grid():
    for key, (kind, label, make) in LIBRARY_SETS.items():
        pieces = make(60)
        assert label and pieces, key
        assert all(len(cell) == kind.dimensions for piece in pieces for cell in piece.cells)
