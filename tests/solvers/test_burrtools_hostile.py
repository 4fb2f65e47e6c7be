"""Hostile BurrTools files: numbers that `str.isdigit` accepts but `int` does not ('²'), or
past int's 4,300 digits, in every numeric attribute; document types and entities in any
encoding; and a file of 50,000 problems, listed without building them. Each is refused with
one line naming the attribute and its element (PuzzleError, exit status 2), or works."""

from __future__ import annotations

import codecs
import gzip
import io
import sys
from pathlib import Path

import pytest

from solvers import Puzzle, PuzzleError
from solvers.cli.main import main
from solvers.puzzle import burrtools
from solvers.puzzle.burrtools import BurrToolsFile, load_burrtools

BASE = ('<?xml version="1.0"?><puzzle version="2"><gridType type="0"/>'
        '<colors><color red="220" green="30" blue="40"/></colors>'
        '<shapes><voxel x="2" y="1" z="1" weight="2">#1#1</voxel>'
        '<voxel x="1" y="1" z="1" type="0">#1</voxel></shapes>'
        '<problems><problem name="P" assemblies="1" solutions="1">'
        '<shapes><shape id="1" count="2" group="0"/></shapes><result id="0"/>'
        '<bitmap><pair piece="0" result="0"/></bitmap></problem></problems></puzzle>')
ATTRIBUTES = [  # (in BASE, with the hostile value at {}, what the message names)
    ('type="0"/>', 'type="{}"/>', "its <gridType>: its type"),
    ('x="2"', 'x="{}"', "shape 1 (S1): its x"),
    ('weight="2"', 'weight="{}"', "shape 1 (S1): its weight"),
    ('red="220"', 'red="{}"', "colour 1: its red"),
    ('piece="0"', 'piece="{}"', "a colour pair of its bitmap: its piece"),
    ('result="0"', 'result="{}"', "a colour pair of its bitmap: its result"),
    ('<result id="0"/>', '<result id="{}"/>', "the result: its id"),
    ('<shape id="1"', '<shape id="{}"', "a piece: its id"),
    ('count="2"', 'count="{}"', "piece S2: its count"),
    ('count="2"', 'min="{}" max="2"', "piece S2: its min"),
    ('count="2"', 'min="0" max="{}"', "piece S2: its max"),
    ('group="0"', 'group="{}"', "piece S2: its group"),
    ('group="0"/>', '><group group="{}" count="2"/></shape>', "piece S2, a <group>: its group"),
    ('group="0"/>', '><group group="1" count="{}"/></shape>', "piece S2, a <group>: its count"),
    ('assemblies="1"', 'assemblies="{}"', "problem 1 (P): its assemblies"),
    ('solutions="1"', 'solutions="{}"', "problem 1 (P): its solutions"),
]
HOSTILE = ["²", "٣", "1" * 5000, "-1", "", " 1", "1e3", str(2 ** 64)]


def write(tmp_path: Path, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / "hostile.xmpuzzle"
    path.write_bytes(gzip.compress(text.encode(encoding)))
    return path


def refused(path: Path, problem: int = 1) -> str:
    with pytest.raises(PuzzleError) as caught:
        load_burrtools(path, problem)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300
    return message


def solve_cli(*args: str) -> tuple[int, str]:
    """polygui-solve's status and what it wrote to stderr."""
    err = io.StringIO()
    saved, sys.stderr = sys.stderr, err
    try:
        code = main([*args, "--count-only"])
    finally:
        sys.stderr = saved
    return code, err.getvalue()


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize("old, new, where", ATTRIBUTES)
def test_every_numeric_attribute_is_read_strictly_and_named(tmp_path, old, new, where, value):
    text = BASE.replace(old, new.format(value), 1)
    message = refused(write(tmp_path, text))
    assert f"{where} " in message and "is not a whole number from" in message
    assert repr(value)[:20] in message  # the value, cut short when long


def test_the_unchanged_base_loads_with_what_it_says(tmp_path):
    puzzle = load_burrtools(write(tmp_path, BASE))
    assert puzzle.pieces[0].count == 2 and puzzle.pieces[0].weight == 1
    assert puzzle.board_paint == (((0, 0, 0), 1), ((1, 0, 0), 1))
    assert puzzle.colour_rules == ((1, 1),)
    assert puzzle.extra["burrtools"] == {"file": "hostile.xmpuzzle", "problem": "P",
                                         "assemblies": 1, "solutions": 1}


@pytest.mark.parametrize("cells, words", [("#" + "1" * 5000 + "#1", "a cell colour '111"),
                                          ("#64#1", "a cell colour '64' is not a whole number "
                                                    "from 0 to 63"),
                                          ("#٣#1", "other than #, + and _")])
def test_the_colour_digits_of_a_cell_are_read_strictly(tmp_path, cells, words):
    assert words in refused(write(tmp_path, BASE.replace("#1#1", cells)))


@pytest.mark.parametrize("value", ["²", "9" * 5000])
def test_the_command_line_answers_one_line(tmp_path, value):
    path = write(tmp_path, BASE.replace('<result id="0"/>', f'<result id="{value}"/>'))
    code, err = solve_cli(str(path))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("polygui-solve: hostile.xmpuzzle, problem 1 (P): the result: its id")


# --- document types and entities, whatever the encoding -------------------------------------
ENTITY = BASE.replace('<puzzle version="2">', '<!DOCTYPE puzzle [<!ENTITY a "2">]>'
                                              '<puzzle version="2">').replace('x="2"', 'x="&a;"')
DECLARED_UTF16 = '<?xml version="1.0" encoding="UTF-16"?>'


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-16-le", "utf-16-be"])
def test_a_document_type_is_refused_in_any_encoding(tmp_path, encoding):
    text = ENTITY if encoding == "utf-8" else ENTITY.replace('<?xml version="1.0"?>',
                                                             DECLARED_UTF16)
    assert "document types and entity declarations are not read" in refused(
        write(tmp_path, text, encoding))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig"])
def test_the_same_file_in_another_unicode_encoding_loads_the_same(tmp_path, encoding):
    text = BASE.replace('<?xml version="1.0"?>', DECLARED_UTF16) \
        if encoding.startswith("utf-16") else BASE
    assert load_burrtools(write(tmp_path, text, encoding)) == load_burrtools(
        write(tmp_path, BASE))


def test_a_declared_latin_1_file_is_read_as_latin_1(tmp_path):
    text = BASE.replace('<?xml version="1.0"?>',
                        '<?xml version="1.0" encoding="ISO-8859-1"?>').replace("P", "Pé")
    assert load_burrtools(write(tmp_path, text, "latin-1")).name == "hostile: Pé"


def test_encodings_expat_does_not_read_and_bad_bytes_are_named(tmp_path):
    """An EBCDIC body after an ASCII declaration would hide `<!DOCTYPE` from a byte check."""
    declared = '<?xml version="1.0" encoding="cp037"?>'
    path = tmp_path / "ebcdic.xmpuzzle"
    path.write_bytes(gzip.compress(declared.encode() + codecs.encode(ENTITY[21:], "cp037")))
    assert "in the encoding 'cp037'; PolyGUI reads UTF-8" in refused(path)
    path.write_bytes(gzip.compress(BASE.encode().replace(b'name="P"', b'name="\xff"')))
    assert "its text is not valid utf-8 (byte " in refused(path)


# --- many problems: listed cheaply, one built -------------------------------------------------
def many_problems(tmp_path: Path, count: int) -> Path:
    """`count` problems over ten shapes, each a one-cube piece twice in a 2x1x1 result;
    problem 2 names a shape id '²'."""
    shapes = '<voxel x="2" y="1" z="1">##</voxel>' + '<voxel x="1" y="1" z="1">#</voxel>' * 9
    problems = "".join(f'<problem name="P{n}" assemblies="{n}"><shapes><shape id="{n % 9 + 1}" '
                       f'count="2"/></shapes><result id="{"²" if n == 2 else 0}"/></problem>'
                       for n in range(1, count + 1))
    return write(tmp_path, f'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/>'
                           f"<shapes>{shapes}</shapes><problems>{problems}</problems></puzzle>")


@pytest.fixture
def built(monkeypatch) -> dict[str, int]:
    """How many puzzles and shapes the importer builds."""
    counts = {"puzzles": 0, "shapes": 0}
    read_shape = burrtools._read_shape

    def counted_puzzle(*args, **kwargs):
        counts["puzzles"] += 1
        return Puzzle(*args, **kwargs)

    def counted_shape(*args):
        counts["shapes"] += 1
        return read_shape(*args)

    monkeypatch.setattr(burrtools, "Puzzle", counted_puzzle)
    monkeypatch.setattr(burrtools, "_read_shape", counted_shape)
    return counts


def test_a_file_of_many_problems_lists_them_without_building_one(tmp_path, built):
    file = BurrToolsFile(many_problems(tmp_path, 50_000))
    assert len(file.problems) == 50_000 and built == {"puzzles": 0, "shapes": 0}
    assert [(p.name, p.assemblies) for p in file.problems[-2:]] == [("P49999", 49_999),
                                                                     ("P50000", 50_000)]
    puzzle = file.puzzle(50_000)
    assert puzzle.name == "hostile: P50000" and len(puzzle.board) == 2
    assert built == {"puzzles": 1, "shapes": 2}  # its result and its one piece


def test_opening_one_problem_builds_that_one_and_a_bad_one_is_named_alone(tmp_path, built):
    path = many_problems(tmp_path, 2_000)
    assert load_burrtools(path, 2_000).extra["burrtools"]["assemblies"] == 2_000
    assert built["puzzles"] == 1
    assert "problem 2 (P2): the result: its id '²' is not a whole number" in refused(path, 2)
    assert load_burrtools(path, 3).name == "hostile: P3"
    code, err = solve_cli(str(path), "--problem", "2001")
    assert (code, err) == (2, "polygui-solve: hostile.xmpuzzle: no problem 2001; the file has "
                              "2000 (1 to 2000)\n")
