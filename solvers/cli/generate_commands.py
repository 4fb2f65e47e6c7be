"""`polygui-solve --generate N`: N Sudokus with one solution, rated in a band. Its options
have a parser of their own (`--symmetry` means the givens' symmetry here, not which
solutions count as one): `polygui-solve --generate 1 --help` lists them.

Out: for a classic or X-Sudoku, one line a puzzle (its n*n characters, a tab, its ER; `+`
when that is a lower bound); with `--json`, one object a line (`puzzle`, `rating`, `pearl`,
`diamond`, `technique`, `complete`, `seed`, and `file`: the puzzle file's JSON, which holds a
jigsaw's regions and a killer's cages); with `--out FOLDER`, one puzzle file each as well. A
jigsaw's or a killer's rules do not fit a line: those need `--json` or `--out`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..puzzle.model import GridKind, Puzzle, PuzzleError
from .arguments import MAX_JOBS, seconds, whole_number

if TYPE_CHECKING:  # the logic is imported when --generate runs: other commands never load it
    from ..logic.generate import GenerateSpec, Generated


def wanted(argv: list[str]) -> bool:
    """Whether the command line asks for --generate (then this module reads all of it)."""
    return any(arg == "--generate" or arg.startswith("--generate=") for arg in argv)


def add_help(parser: argparse.ArgumentParser) -> None:
    """--generate in the main parser's help (its options are read by `build_parser`)."""
    parser.add_argument("--generate", type=whole_number(1), metavar="N",
                        help="generate N Sudokus rated in a band (--rating A-B or --level; "
                             "polygui-solve --generate 1 --help lists the options)")


def build_parser() -> argparse.ArgumentParser:
    from ..logic.generate import BOXES, SYMMETRIES, VARIANTS
    from ..logic.rating_bands import LEVELS
    parser = argparse.ArgumentParser(
        prog="polygui-solve", description="Generate Sudokus with one solution, rated on the "
        "Sudoku Explainer scale in a band.")
    parser.add_argument("--generate", type=whole_number(1, 1_000_000), required=True,
                        metavar="N", help="how many puzzles")
    band = parser.add_mutually_exclusive_group()
    band.add_argument("--rating", metavar="A-B",
                      help="the band of ratings (ER), e.g. 1.5-4.0; 6.2- has no upper limit")
    band.add_argument("--level", metavar="NAME",
                      help=f"a named band: {', '.join(f'{k} {v}' for k, v in LEVELS.items())}")
    parser.add_argument("--symmetry", default="none", metavar="KIND",
                        help=f"of the givens: {', '.join(SYMMETRIES)} (default none)")
    parser.add_argument("--variant", default="classic", metavar="KIND",
                        help=f"{', '.join(VARIANTS)} (default classic)")
    parser.add_argument("--size", type=whole_number(4, 16), default=9, metavar="N",
                        help=f"{', '.join(map(str, BOXES))} (default 9)")
    parser.add_argument("--minimal", action=argparse.BooleanOptionalAction, default=True,
                        help="no given can go (default); --no-minimal: givens go only while "
                             "the rating stays within the band (easier X and jigsaw puzzles)")
    parser.add_argument("--seed", type=whole_number(0), default=None,
                        help="the same seed gives the same puzzles (any --jobs)")
    parser.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=1, metavar="N",
                        help="generate in N processes (default 1)")
    parser.add_argument("--time-limit", type=seconds(0.1, 86_400), default=60.0,
                        metavar="SECONDS", help="give up a puzzle after this long (default 60)")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    parser.add_argument("--out", type=Path, metavar="FOLDER",
                        help="also write each puzzle as a file there (generated-001.json, ...)")
    return parser


def main(argv: list[str]) -> int:
    """Exit status 0; 1 when a puzzle could not be found in time; 2 for bad input."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        spec = spec_of(args)
    except PuzzleError as error:
        return refused(str(error))
    if spec.variant in ("jigsaw", "killer") and not (args.json or args.out):
        return refused(f"a {spec.variant}'s rules do not fit a line: add --json or --out FOLDER")
    if args.out is not None and not args.out.is_dir():
        return refused(f"--out {args.out}: no such folder")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    tasks = [(spec, seed, index) for index in range(args.generate)]
    if args.jobs > 1 and len(tasks) > 1:
        import multiprocessing  # here: 5 ms of imports (sockets) only a batch needs

        with multiprocessing.get_context("spawn").Pool(min(args.jobs, len(tasks))) as pool:
            return _report(pool.imap(make_one, tasks), spec, args)
    return _report(map(make_one, tasks), spec, args)


def refused(message: str) -> int:
    """Bad input: one line on stderr, exit status 2."""
    print(f"polygui-solve: {message}", file=sys.stderr)
    return 2


def spec_of(args: argparse.Namespace) -> GenerateSpec:
    from ..logic.generate import GenerateSpec
    from ..logic.rating_bands import level_band, parse_band
    band = parse_band(args.rating) if args.rating else \
        level_band(args.level) if args.level else None
    spec = GenerateSpec(size=args.size, variant=args.variant.lower(),
                        symmetry=args.symmetry.lower(), minimal=args.minimal, band=band,
                        seconds=args.time_limit)
    spec.check()
    return spec


def make_one(task: tuple[GenerateSpec, int, int]) -> tuple[Generated | None, str, str]:
    """(puzzle, its seed, '') or (None, seed, why not): puzzle `index` of the run has its
    own seed, so its output does not depend on the processes."""
    import random  # here: it imports hashlib's OpenSSL, which a count never needs

    from ..logic.generate import GenerationFailed, generate
    spec, seed, index = task
    own_seed = f"{seed}-{index}"
    try:
        return generate(spec, random.Random(own_seed)), own_seed, ""
    except GenerationFailed as error:
        return None, own_seed, str(error)


def _report(results, spec: GenerateSpec, args: argparse.Namespace) -> int:
    from ..logic.generate import describe
    from ..puzzle.fileformat import save_puzzle
    for number, (made, seed, failure) in enumerate(results, 1):
        if made is None:
            print(f"polygui-solve: puzzle {number}: {failure}", file=sys.stderr)
            return 1
        puzzle = Puzzle(GridKind.SUDOKU, f"Generated {number}",
                        description=describe(made, spec, seed), sudoku=made.grid)
        if args.out is not None:
            save_puzzle(puzzle, args.out / f"generated-{number:03d}.json")
        print(output_line(made, puzzle, seed, args.json), flush=True)
    return 0


def output_line(made: Generated, puzzle: Puzzle, seed: str, as_json: bool) -> str:
    import json  # here: a count without --json never loads it (start-up)
    from ..puzzle.fileformat import puzzle_to_dict
    rating = made.rating
    if as_json:
        return json.dumps({"puzzle": made.line, "rating": rating.rating, "pearl": rating.pearl,
                           "diamond": rating.diamond, "technique": rating.technique,
                           "complete": rating.complete, "seed": seed,
                           "file": puzzle_to_dict(puzzle)})
    return f"{made.line}\t{rating.rating:.1f}{'' if rating.complete else '+'}"
