"""Autosave records fuzzed (a bounded hypothesis run, a few seconds, like the puzzle files in
tests/solvers/test_fuzz_files.py): a key dropped, replaced by a hostile value or retyped at any
depth, a wrong top-level type, the text cut short or spliced. Autosave.leftovers() never
raises, returns only records that read back whole, and sets every other one aside (renamed
`.damaged`, its bytes kept), next to a good record that is still offered."""

from __future__ import annotations

import json
import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from polygui.files.autosave import FORMAT, Autosave
from polygui.resources import examples_dir
from solvers import Puzzle
from solvers.puzzle.fileformat import load_puzzle, puzzle_from_dict, puzzle_to_dict

# as FUZZ in tests/solvers/test_fuzz_files.py; the gui folder's autouse fixtures need no reset
# between examples
FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
BASES = [{"format": FORMAT, "version": 1, "path": path,
          "puzzle": puzzle_to_dict(load_puzzle(examples_dir() / name))}
         for name, path in (("soma.json", None), ("sudoku-4x4-empty.json", "/home/u/s.json"),
                            ("pentominoes-3x20.json", ""))]
NESTED = st.integers(50, 3000).map(lambda depth: "[" * depth + "]" * depth)
HOSTILE = st.one_of(
    st.integers(-2 ** 70, 2 ** 70), st.floats(allow_nan=True), st.booleans(), st.none(),
    st.text(alphabet=st.characters(codec=None, categories=None), max_size=8),
    st.sampled_from(["\ud800", "a\x00b", "", "polygui-autosave", "/tmp/x.json"]),
    st.lists(st.integers(-3, 3), max_size=4), st.dictionaries(st.text(max_size=3),
                                                               st.integers(), max_size=2),
    st.just("@nested"))


def places(value, prefix=()):
    """Every place in a JSON value, as a tuple of keys and indices."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:8]):
            yield from places(item, prefix + (index,))


def mutated(data) -> str:
    record = json.loads(json.dumps(data.draw(st.sampled_from(BASES))))
    where = data.draw(st.sampled_from(list(places(record))))
    action = data.draw(st.sampled_from(["replace", "drop", "retype", "add key"]))
    if not where:  # the whole record: the wrong top-level type
        record = data.draw(HOSTILE) if action == "replace" else [record]
    else:
        parent = record
        for step in where[:-1]:
            parent = parent[step]
        if action == "replace":
            parent[where[-1]] = data.draw(HOSTILE)
        elif action == "drop":
            del parent[where[-1]]
        elif action == "retype":
            value = parent[where[-1]]
            parent[where[-1]] = data.draw(st.sampled_from(
                [[value], json.dumps(value), {"value": value}, len(json.dumps(value))]))
        elif isinstance(parent, dict):
            parent[data.draw(st.text(max_size=4))] = data.draw(HOSTILE)
    return json.dumps(record).replace('"@nested"', data.draw(NESTED))


def damaged_text(data) -> bytes:
    text = mutated(data)
    if data.draw(st.booleans()):  # cut short, or spliced
        cut = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.sampled_from(["", "{", "]", '"', ",", "9" * 30, "\x00", "\ud800"]))
        text = text[:cut] + piece + text[cut + data.draw(st.integers(0, 3)):]
    return text.encode("utf-8", "surrogatepass")


def reads_back(data: bytes, puzzle: Puzzle) -> bool:
    """Whether an autosave file's bytes are a whole record holding `puzzle`."""
    record = json.loads(data.decode("utf-8"))
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return False
    path = record.get("path")
    return ((path is None or isinstance(path, str) and "\x00" not in path)
            and puzzle_from_dict(record["puzzle"], strict=False) == puzzle)


@FUZZ
@given(data=st.data())
def test_leftovers_never_raise_and_set_aside_every_record_that_does_not_read_back(
        tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("autosave")
    dead = 2 ** 22 + 1  # past Linux's largest process number: no process has it
    good, fuzzed = folder / f"autosave-{dead}-1.json", folder / f"autosave-{dead}-2.json"
    good.write_text(json.dumps(BASES[0]), "utf-8")
    written = damaged_text(data)
    fuzzed.write_bytes(written)
    autosave = Autosave(folder)
    found = autosave.leftovers()
    by_file = {item.file: item for item in found}
    assert good in by_file and by_file[good].puzzle == load_puzzle(examples_dir() / "soma.json")
    for item in found:
        assert isinstance(item.puzzle, Puzzle) and (item.path is None or
                                                    isinstance(item.path, Path))
        assert reads_back(item.file.read_bytes(), item.puzzle)
    aside = folder / f"{fuzzed.name}.damaged"
    if fuzzed in by_file:
        assert not aside.exists() and autosave.damaged == []
    else:
        assert not fuzzed.exists() and aside.read_bytes() == written
        (said,) = autosave.damaged
        assert said.startswith(fuzzed.name) and "\n" not in said
    assert sorted(os.listdir(folder)) == sorted(p.name for p in (good, fuzzed, aside)
                                                if p.exists())
