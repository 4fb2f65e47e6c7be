"""The loader and polygui-solve fuzzed over the file format (a bounded hypothesis run, a few
seconds): shipped files with one part replaced by a hostile value (integers past 64 bits,
far coordinates, deep nesting, lone surrogates, wrong types), a key dropped or added, or the
text cut or spliced. Every file either loads, and then saves and reads back the same, or is
refused with a PuzzleError; the command line answers 0 or one line and status 2."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from solvers import Puzzle, PuzzleError
from solvers.cli.main import main
from solvers.puzzle.fileformat import load_puzzle, puzzle_from_json, puzzle_to_json

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
# small puzzles, so that a mutated one still solves in a moment
BASES = [json.loads((ASSETS / name).read_text("utf-8")) for name in
         ("soma.json", "pentominoes-3x20.json", "no-solution.json", "sudoku-4x4-empty.json",
          "sudoku-reference.json", "pentominoes-checkered.json")]
FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FUZZ_CLI = settings(FUZZ, max_examples=30)

NESTED = st.integers(50, 3000).map(lambda depth: "[" * depth + "]" * depth)
HOSTILE = st.one_of(
    st.integers(-2 ** 70, 2 ** 70), st.sampled_from([2 ** 64, -2 ** 63 - 1, 10 ** 7, -1, 0]),
    st.floats(allow_nan=True), st.booleans(), st.none(),
    st.text(alphabet=st.characters(codec=None, categories=None), max_size=8),
    st.sampled_from(["\ud800", "\udfff x", "é", ""]),
    st.lists(st.integers(-3, 3), max_size=4), st.dictionaries(st.text(max_size=3),
                                                               st.integers(), max_size=2),
    st.just("@nested"))


def paths(value, prefix=()):
    """Every place in a JSON value, as a tuple of keys and indices."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:12]):
            yield from paths(item, prefix + (index,))


def mutated(base: dict, data) -> str:
    document = json.loads(json.dumps(base))
    places = list(paths(document))[1:]
    where = data.draw(st.sampled_from(places))
    parent = document
    for step in where[:-1]:
        parent = parent[step]
    action = data.draw(st.sampled_from(["replace", "replace", "drop", "add key", "wrap"]))
    nested = data.draw(NESTED)
    if action == "replace":
        parent[where[-1]] = data.draw(HOSTILE)
    elif action == "drop":
        del parent[where[-1]]
    elif action == "add key" and isinstance(parent, dict):
        parent[data.draw(st.text(max_size=4))] = data.draw(HOSTILE)
    else:
        parent[where[-1]] = [parent[where[-1]]]
    return json.dumps(document).replace('"@nested"', nested)


def spliced(text: str, data) -> str:
    cut = data.draw(st.integers(0, len(text)))
    piece = data.draw(st.sampled_from(["", "[", "]", "}", "{", ",", '"', "9" * 30, "\x00", "\ud800"]))
    return text[:cut] + piece + text[cut + data.draw(st.integers(0, 3)):]


def hostile_text(data) -> str:
    text = mutated(data.draw(st.sampled_from(BASES)), data)
    return spliced(text, data) if data.draw(st.booleans()) else text


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "fuzzed.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


@FUZZ
@given(data=st.data())
def test_every_mutated_file_loads_and_round_trips_or_is_refused_by_name(tmp_path_factory, data):
    path = write(tmp_path_factory.mktemp("fuzz"), hostile_text(data))
    for strict in (True, False):
        try:
            puzzle = load_puzzle(path, strict=strict)
        except PuzzleError as error:
            assert "\n" not in str(error) and len(str(error)) < 400
            continue
        assert isinstance(puzzle, Puzzle)
        assert puzzle_from_json(puzzle_to_json(puzzle), strict=False) == puzzle
        puzzle.problems()  # what the status line asks, never an exception


@FUZZ_CLI
@given(data=st.data())
def test_the_command_line_answers_every_mutated_file(tmp_path_factory, data):
    path = write(tmp_path_factory.mktemp("fuzz"), hostile_text(data))
    assert_one_answer([str(path), "--count-only", "--limit", "1"])


def assert_one_answer(arguments: list[str]) -> None:
    """polygui-solve answers 0, or 2 with one line, on an ASCII terminal."""
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="ascii") for _ in range(2))
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(arguments)
    finally:
        sys.stdout, sys.stderr = saved
    err.flush()
    message = err.buffer.getvalue().decode("ascii")
    assert code in (0, 2)
    if code == 2:
        assert message.startswith("polygui-solve: ") and message.count("\n") == 1
