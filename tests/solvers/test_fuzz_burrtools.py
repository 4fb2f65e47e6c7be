"""The BurrTools importer and polygui-solve fuzzed over BurrTools XML (a bounded hypothesis
run, a few seconds, as test_fuzz_files.py does for PolyGUI files): small real `.xmpuzzle`
files of tests/data/burrtools (and a small coloured one) with an attribute set to a hostile
value ('²', '-1', 5,000 digits, past 64 bits, empty) or removed, an element dropped or
repeated, a voxel's cells replaced, then perhaps cut short, re-encoded as UTF-16, given a
document type, or left uncompressed. Every file either lists and each problem builds (and
saves and reads back the same) or is refused with a one-line PuzzleError, and one with a
document type is always refused; the command line answers 0, or one line and status 2."""

from __future__ import annotations

import gzip
from pathlib import Path
from xml.etree import ElementTree

from hypothesis import given, strategies as st

from puzzles import BURRTOOLS
from solvers import Puzzle, PuzzleError
from solvers.puzzle.burrtools import BurrToolsFile
from solvers.puzzle.fileformat import puzzle_from_json, puzzle_to_json
from test_burrtools_hostile import BASE as COLOURED
from test_fuzz_files import FUZZ, FUZZ_CLI, assert_one_answer


def real(name: str) -> str:
    return gzip.decompress((BURRTOOLS / f"{name}.xmpuzzle").read_bytes()).decode("utf-8")


# small files, so that a mutated problem still solves in a moment; none of the real ones
# has colours in a problem, so test_burrtools_hostile's small coloured file joins them
SOLVABLE = [real("DemoMirrorParadox"), real("DemoPieceGenerator"), COLOURED]
BASES = SOLVABLE + [real("Representation0"), real("CubeInCage")]
NUMERIC = {"voxel": ["x", "y", "z", "weight"], "shape": ["id", "count", "min", "max", "group"],
           "result": ["id"], "problem": ["assemblies", "solutions"], "gridType": ["type"],
           "color": ["red", "green", "blue"], "pair": ["piece", "result"],
           "group": ["group", "count"]}  # the attributes read, by element
HOSTILE = st.one_of(
    st.sampled_from(["²", "-1", "", "9" * 5000, str(2 ** 64)]),
    st.sampled_from(["٣", " 1", "1e3", "0x10", "0", "1", "2", "63", "64", "1" * 4301,
                     str(2 ** 31), "0" * 30 + "1"]),
    st.integers(0, 70).map(str), st.integers(-2 ** 70, 2 ** 70).map(str),
    st.text(max_size=6))
CELLS = st.one_of(st.text(alphabet="#+_0123456789", max_size=40),
                  st.sampled_from(["#²", "#٣", "#" + "9" * 5000, "#64", "#-1", "&amp;"]))


def mutated(text: str, data) -> str:
    """`text`'s XML with one element changed: an attribute set or removed, the element
    dropped or repeated, or its text replaced."""
    root = ElementTree.fromstring(text)
    parents = {child: parent for parent in root.iter() for child in parent}
    element = data.draw(st.sampled_from(list(root.iter())))
    action = data.draw(st.sampled_from(["set", "set", "remove", "drop", "repeat", "cells"]))
    if action == "set":
        keys = NUMERIC.get(element.tag) or sorted(element.attrib) or ["id"]
        key = data.draw(st.sampled_from(keys))
        element.set(key, data.draw(HOSTILE))
    elif action == "remove" and element.attrib:
        del element.attrib[data.draw(st.sampled_from(sorted(element.attrib)))]
    elif action in ("drop", "repeat") and element in parents:
        parent = parents[element]
        if action == "drop":
            parent.remove(element)
        else:
            parent.insert(list(parent).index(element), element)
    elif action == "cells":
        voxels = root.findall("shapes/voxel") or [element]
        data.draw(st.sampled_from(voxels)).text = data.draw(CELLS)
    return ElementTree.tostring(root, encoding="unicode")


def file_bytes(text: str, typed: bool, data) -> bytes:
    """The mutated XML as a file's bytes: with a document type when `typed`, maybe in
    UTF-16, cut short, or not compressed."""
    if typed:
        text = '<!DOCTYPE puzzle [<!ENTITY a "1">]>' + text.replace('"1"', '"&a;"', 1)
    if data.draw(st.booleans()):
        raw = ('<?xml version="1.0" encoding="UTF-16"?>' + text).encode(
            data.draw(st.sampled_from(["utf-16", "utf-16-le", "utf-16-be"])), "surrogatepass")
    else:
        raw = ('<?xml version="1.0"?>' + text).encode("utf-8", "surrogatepass")
    if data.draw(st.integers(0, 9)) == 0:
        raw = raw[:data.draw(st.integers(0, len(raw)))]
    compressed = gzip.compress(raw, mtime=0)
    if data.draw(st.integers(0, 19)) == 0:
        return compressed[:data.draw(st.integers(0, len(compressed)))]
    return raw if data.draw(st.integers(0, 19)) == 0 else compressed


def write(tmp_path: Path, bases: list[str], data, typed: bool = False) -> Path:
    path = tmp_path / "fuzzed.xmpuzzle"
    path.write_bytes(file_bytes(mutated(data.draw(st.sampled_from(bases)), data), typed, data))
    return path


def one_line(error: PuzzleError) -> None:
    assert "\n" not in str(error) and len(str(error)) < 400


@FUZZ
@given(data=st.data())
def test_every_mutated_file_lists_and_builds_or_is_refused_by_name(tmp_path_factory, data):
    typed = data.draw(st.integers(0, 9)) == 0
    path = write(tmp_path_factory.mktemp("fuzz"), BASES, data, typed)
    try:
        file = BurrToolsFile(path)
    except PuzzleError as error:
        return one_line(error)
    assert not typed, "a document type was read"
    for number in range(1, len(file.problems) + 2):  # and one past the last
        try:
            puzzle = file.puzzle(number)
        except PuzzleError as error:
            one_line(error)
            continue
        assert isinstance(puzzle, Puzzle)
        assert puzzle_from_json(puzzle_to_json(puzzle), strict=False) == puzzle
        puzzle.problems()  # what the status line asks, never an exception


@FUZZ_CLI
@given(data=st.data())
def test_the_command_line_answers_every_mutated_file(tmp_path_factory, data):
    path = write(tmp_path_factory.mktemp("fuzz"), SOLVABLE, data)
    problem = str(data.draw(st.integers(1, 3)))
    assert_one_answer([str(path), "--problem", problem, "--count-only", "--limit", "1"])
