"""BurrTools colour constraints: `<colors>`, the colour digits of voxels and a problem's
`<bitmap>` of allowed pairs (written from 0), read from small files written here by hand, and
counted as the painted brute-force oracle counts them."""

from __future__ import annotations

import gzip
import random
from dataclasses import replace
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from paint_oracle import painted_counts, painted_shapes
from solvers import PuzzleError, count_solutions
from solvers.puzzle.burrtools import load_burrtools
from test_engine_vs_oracle import cut_into_pieces

COLOURS = ('<colors><color red="220" green="30" blue="40"/>'
           '<color red="31" green="119" blue="180"/></colors>')


def write(tmp_path: Path, body: str, name: str = "colours.xmpuzzle") -> Path:
    text = f'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/>{body}</puzzle>'
    path = tmp_path / name
    path.write_bytes(gzip.compress(text.encode()))
    return path


def voxel(size: tuple[int, int, int], cells: dict, name: str = "") -> str:
    """A <voxel> of a box `size`: `cells` maps (x, y, z) to a colour (0: neutral)."""
    text = "".join("_" if (x, y, z) not in cells else
                   "#" + (str(cells[(x, y, z)]) if cells[(x, y, z)] else "")
                   for z in range(size[2]) for y in range(size[1]) for x in range(size[0]))
    named = f' name="{name}"' if name else ""
    return f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" type="0"{named}>{text}</voxel>'


def problem(pieces: list[tuple[int, int]], result: int, pairs, name: str = "P") -> str:
    """`pieces`: (shape id, count); `pairs`: (piece colour, result colour) from 1."""
    shapes = "".join(f'<shape id="{ident}" count="{count}"/>' for ident, count in pieces)
    bitmap = "".join(f'<pair piece="{p - 1}" result="{r - 1}"/>' for p, r in pairs)
    return (f'<problem name="{name}"><shapes>{shapes}</shapes><result id="{result}"/>'
            f"<bitmap>{bitmap}</bitmap></problem>")


def two_cells(pairs) -> str:
    """A 2x1x1 result coloured 1 then 2; a cube of colour 1 and a plain cube."""
    shapes = (voxel((2, 1, 1), {(0, 0, 0): 1, (1, 0, 0): 2}, "Result")
              + voxel((1, 1, 1), {(0, 0, 0): 1}, "Red") + voxel((1, 1, 1), {(0, 0, 0): 0}, "Plain"))
    return f"{COLOURS}<shapes>{shapes}</shapes><problems>{problem([(1, 1), (2, 1)], 0, pairs)}" \
           "</problems>"


def red_cube_cell(tmp_path: Path, pairs) -> tuple[int, ...]:
    puzzle = replace(load_burrtools(write(tmp_path, two_cells(pairs))), disassembly=False)
    solutions = count_solutions(puzzle, "all")
    assert solutions.solutions == 1
    from solvers import Solution, solve
    found = next(e for e in solve(puzzle, "all") if isinstance(e, Solution))
    return next(cells[0] for piece, cells in found.pieces if puzzle.pieces[piece].name == "Red")


def test_colours_digits_and_pairs_are_read_pairs_counted_from_zero(tmp_path):
    puzzle = load_burrtools(write(tmp_path, two_cells([(1, 1)])))
    assert [(c.name, c.rgb) for c in puzzle.constraint_colours] == [
        ("colour 1", "#dc1e28"), ("colour 2", "#1f77b4")]
    assert puzzle.board_paint == (((0, 0, 0), 1), ((1, 0, 0), 2))
    assert puzzle.pieces[0].paint == (((0, 0, 0), 1),) and puzzle.pieces[1].paint == ()
    assert puzzle.colour_rules == ((1, 1),)
    # red on red: the red cube takes the red cell; red on blue: the blue one
    assert red_cube_cell(tmp_path, [(1, 1)]) == (0, 0, 0)
    assert red_cube_cell(tmp_path, [(1, 2)]) == (1, 0, 0)


def test_an_empty_bitmap_with_painted_pieces_and_result_is_refused(tmp_path):
    with pytest.raises(PuzzleError, match="allow no pair: BurrTools then keeps every coloured "
                                          "piece cell off the coloured result cells"):
        load_burrtools(write(tmp_path, two_cells([])))


def test_an_empty_bitmap_over_a_neutral_result_constrains_nothing(tmp_path):
    shapes = (voxel((2, 1, 1), {(0, 0, 0): 0, (1, 0, 0): 0})
              + voxel((1, 1, 1), {(0, 0, 0): 1}) + voxel((1, 1, 1), {(0, 0, 0): 0}))
    body = f"{COLOURS}<shapes>{shapes}</shapes><problems>{problem([(1, 1), (2, 1)], 0, [])}" \
           "</problems>"
    puzzle = replace(load_burrtools(write(tmp_path, body)), disassembly=False)
    assert puzzle.colour_rules == () and puzzle.pieces[0].paint
    assert count_solutions(puzzle, "all").solutions == 2


def test_a_problem_without_colours_has_none(tmp_path):
    shapes = voxel((2, 1, 1), {(0, 0, 0): 0, (1, 0, 0): 0}) + voxel((1, 1, 1), {(0, 0, 0): 0})
    puzzle = load_burrtools(write(tmp_path, f"{COLOURS}<shapes>{shapes}</shapes><problems>"
                                            f"{problem([(1, 2)], 0, [(1, 1)])}</problems>"))
    assert not puzzle.constraint_colours and not puzzle.colour_rules


@pytest.mark.parametrize("old, new, message", [
    (COLOURS, '<colors><color red="300" green="0" blue="0"/></colors>',
     "colour 1: its red '300' is not a whole number from 0 to 255"),
    (">#1</voxel>", ">#3</voxel>", "piece 'Red': cell [0, 0, 0] is painted colour 3, but the "
                                   "puzzle defines 2"),
    (COLOURS, "", "its colour pair piece=\"0\" result=\"0\" names colour 1, but the file "
                  "defines 0"),
])
def test_bad_colours_are_named(tmp_path, old, new, message):
    text = two_cells([(1, 1)]).replace(old, new)
    with pytest.raises(PuzzleError) as caught:
        load_burrtools(write(tmp_path, text))
    assert message in str(caught.value)


def test_a_bad_pair_is_named(tmp_path):
    text = two_cells([(1, 1)]).replace('<pair piece="0" result="0"/>',
                                       '<pair piece="x" result="0"/>')
    with pytest.raises(PuzzleError, match="a colour pair of its bitmap: its piece 'x' is not a "
                                          "whole number from 0 to 62"):
        load_burrtools(write(tmp_path, text))


# --- random coloured problems against the oracle -------------------------------------------
def coloured_problem(seed: int) -> tuple[str, tuple]:
    """A box cut into polycubes, cells of the box and the pieces coloured at random, a random
    bitmap (never empty): the XML body, and the oracle's arguments."""
    rng = random.Random(seed)
    size = rng.choice([(2, 2, 1), (2, 2, 2), (3, 2, 1), (2, 2, 3), (3, 3, 1)])
    board = list(product(*(range(n) for n in size)))
    parts = cut_into_pieces(rng, "cube", board, rng.randint(2, min(4, len(board) // 2)))
    colours = rng.randint(1, 2)
    board_paint = {c: rng.randint(1, colours) for c in board if rng.random() < 0.5}
    kinds: dict[frozenset, list] = {}  # alike pieces (turned, painted) are one, with a count
    for part in parts:
        low = [min(c[a] for c in part) for a in range(3)]
        cells = [tuple(v - m for v, m in zip(c, low)) for c in part]
        paint = {c: rng.randint(1, colours) for c in cells if rng.random() < 0.4}
        kinds.setdefault(painted_shapes("cube", cells, paint, False), [cells, 0, False, paint])[1] += 1
    oracle_pieces = [tuple(kind) for kind in kinds.values()]
    shapes = [voxel(size, {c: board_paint.get(c, 0) for c in board})]
    for cells, _count, _mirror, paint in oracle_pieces:
        extent = tuple(max(c[a] for c in cells) + 1 for a in range(3))
        shapes.append(voxel(extent, {c: paint.get(c, 0) for c in cells}))
    pairs = [(p, b) for p in range(1, colours + 1) for b in range(1, colours + 1)]
    rules = set(rng.sample(pairs, rng.randint(1, len(pairs))))
    counts = [(i + 1, piece[1]) for i, piece in enumerate(oracle_pieces)]
    body = (f"{COLOURS}<shapes>{''.join(shapes)}</shapes><problems>"
            f"{problem(counts, 0, sorted(rules))}</problems>")
    return body, ("cube", board, oracle_pieces, board_paint, rules)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_coloured_problems_count_as_the_oracle_does(tmp_path_factory, seed):
    body, oracle_args = coloured_problem(seed)
    # assemblies, as the oracle counts them (not only those that come apart)
    puzzle = replace(load_burrtools(write(tmp_path_factory.mktemp("bt"), body)),
                     disassembly=False)
    expected = painted_counts(*oracle_args)
    for mode, count in expected.items():
        try:
            found = count_solutions(puzzle, mode).solutions
        except PuzzleError:  # a piece the rules keep off the box: named before searching
            found = 0
        assert found == count, mode
