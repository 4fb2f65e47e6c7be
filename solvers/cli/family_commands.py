"""`polygui-solve FAMILY.json`: count every member of a puzzle family and print the table
(member, solutions, time) with the designer's checks; `--json`, `--export-table FILE.csv`;
`--member NAME` solves one member as a puzzle of its own (every option then applies)."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from ..puzzle.any_file import load_any
from ..puzzle.model import Puzzle, PuzzleError
from .arguments import new_file

NAMES_SHOWN = 12  # members named in a check's line before "and N more"
# what a family's table cannot do: each needs one puzzle's solutions (--member chooses one)
NOT_FOR_A_FAMILY = ("limit", "show", "keep", "where", "export_json", "export_csv",
                    "export_lines", "export_moves", "export_xmpuzzle", "export_stl", "estimate",
                    "explain", "unique", "steps", "rate")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--export-table", type=new_file, metavar="FILE.csv",
                        help="for a puzzle family: write the table of members (name, date, "
                             "solutions, seconds) as CSV")
    parser.add_argument("--member", metavar="NAME",
                        help='for a puzzle family: solve only the member NAME ("Dec 25", '
                             '"6x10"), as a puzzle of its own')


def refuse_unused(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Exit naming an option that needs one puzzle's solutions, given for a whole family."""
    for dest in NOT_FOR_A_FAMILY:
        if getattr(args, dest, None) not in (None, False, parser.get_default(dest)):
            parser.error(f"--{dest.replace('_', '-')} does not apply to a whole puzzle "
                         f"family: choose one member with --member NAME")


def family_puzzle(args: argparse.Namespace) -> Puzzle | None:
    """The puzzle file's family puzzle, None for a plain puzzle (or a run file resumed on its
    own). --export-table without a family is refused."""
    puzzle = None
    if args.member is not None and args.resume is not None:
        raise PuzzleError("--member starts the member's own run: a run kept with "
                          "--checkpoint FILE resumes with --resume FILE alone")
    if args.puzzle is None and args.resume is not None and _is_json(args.resume):
        raise PuzzleError(f"{args.resume}: a family's checkpoint resumes with the family's "
                          f"file: polygui-solve FAMILY.json --resume {args.resume}")
    if args.puzzle is not None and (args.resume is None or _is_json(args.resume)):
        puzzle = args.opened = load_any(args.puzzle, args.problem)  # read once: main's run
    if puzzle is None or puzzle.family is None:
        for option, value in (("--export-table writes a puzzle family's table", args.export_table),
                              ("--member chooses a member of a puzzle family", args.member)):
            if value is not None:
                raise PuzzleError(f"{option}, and {args.puzzle or args.resume} is not a family")
        return None
    if args.member is not None and args.export_table is not None:
        raise PuzzleError("--export-table writes the whole family's table: drop --member")
    return puzzle


def chosen_member(puzzle: Puzzle, name: str) -> Puzzle:
    """The family member called `name` (spaces and case aside), as a puzzle of its own."""
    from ..puzzle.family import family_of

    family = family_of(puzzle)
    assert family is not None
    wanted = " ".join(name.split()).casefold()
    for member in family.members:
        if member.name.casefold() == wanted:
            return member.puzzle
    names = [member.name for member in family.members]
    raise PuzzleError(f"{puzzle.name} has no member named {name!r}: its members are "
                      f"{_names(names)}")


def _is_json(path: Path) -> bool:
    """Whether a file resumed is a family checkpoint (JSON), not a run file (SQLite)."""
    try:
        with path.open("rb") as stream:
            return stream.read(1) == b"{"
    except OSError:
        return False


def run_family(puzzle: Puzzle, args: argparse.Namespace, jobs: int) -> int:
    import json  # here: a count without --json never loads it (start-up)
    from ..parallel.family import MemberResult, solve_family
    from ..puzzle.family import family_of

    family = family_of(puzzle)
    assert family is not None
    symmetry = args.symmetry or "distinct"
    results: dict[int, MemberResult] = {}
    seconds = 0.0
    for event in solve_family(family, symmetry, jobs=jobs, cluster=args.cluster,
                              checkpoint=args.checkpoint, resume=args.resume):
        if isinstance(event, MemberResult):
            results[event.index] = event
        else:
            seconds = event.elapsed
    rows = [results[i] for i in sorted(results)]
    dates = {i: (member.date, member.weekday) for i, member in enumerate(family.members)}
    checks = family_checks(rows)
    print(f"{family.name}: {len(rows)} members [{symmetry}]")
    print(format_table(rows))
    for line in check_lines(checks):
        print(line)
    total = sum(row.solutions for row in rows)
    print(f"total: {total:,} solution{'s' * (total != 1)} in {seconds:.3f} s")
    if args.export_table is not None:
        write_table(args.export_table, rows, dates)
        print(f"wrote the table of {len(rows)} members to {args.export_table}")
    if args.json:
        print(json.dumps({
            "family": family.name, "file": str(args.puzzle), "symmetry": symmetry,
            "calendar": family.calendar, "total": total, "seconds": round(seconds, 6),
            "complete": all(row.complete for row in rows), "checks": checks,
            "members": [_member_data(row, dates[row.index]) for row in rows]}))
    return 0


def family_checks(rows: list) -> dict:
    """The designer's checks: which members have no solution, whether every member has one,
    and exactly one, and the members with the fewest and the most."""
    counts = [row.solutions for row in rows]
    fewest, most = min(counts), max(counts)
    return {"every_member_has_a_solution": fewest > 0,
            "every_member_has_exactly_one": fewest == most == 1,
            "without_solution": [row.name for row in rows if row.solutions == 0],
            "more_than_one": sum(1 for count in counts if count > 1),
            "fewest": {"solutions": fewest,
                       "members": [row.name for row in rows if row.solutions == fewest]},
            "most": {"solutions": most,
                     "members": [row.name for row in rows if row.solutions == most]}}


def check_lines(checks: dict) -> list[str]:
    lines = []
    if checks["every_member_has_a_solution"]:
        lines.append("every member has a solution")
    else:
        missing = checks["without_solution"]
        lines.append(f"{len(missing)} member{'s' * (len(missing) != 1)} without a solution: "
                     f"{_names(missing)}")
    if checks["every_member_has_exactly_one"]:
        lines.append("every member has exactly one solution")
    else:
        lines.append(f"not every member has exactly one: {checks['more_than_one']} "
                     f"{'has' if checks['more_than_one'] == 1 else 'have'} more")
    for key in ("fewest", "most"):
        found = checks[key]
        lines.append(f"{key}: {found['solutions']:,} ({_names(found['members'])})")
    return lines


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:NAMES_SHOWN])
    return shown + (f" and {len(names) - NAMES_SHOWN} more" if len(names) > NAMES_SHOWN else "")


def format_table(rows: list) -> str:
    width = max([len("member")] + [len(row.name) for row in rows])
    lines = [f"{'member':<{width}}  {'solutions':>10}  {'time':>9}"]
    for row in rows:
        after = "" if row.complete else "  (stopped: counted in part)"
        if row.note:
            after += f"  ({row.note})"
        lines.append(f"{row.name:<{width}}  {row.solutions:>10,}  {row.seconds:>7.3f} s{after}")
    return "\n".join(lines)


def _member_data(row, date: tuple[tuple[int, int] | None, int | None]) -> dict:
    from ..puzzle.calendar_layout import WEEKDAY_NAMES  # a family's run only (start-up)

    data = {"name": row.name, "solutions": row.solutions, "seconds": round(row.seconds, 6),
            "complete": row.complete, "note": row.note}
    day, weekday = date
    if day is not None:
        data["date"] = list(day)
    if weekday is not None:
        data["weekday"] = WEEKDAY_NAMES[weekday]
    return data


def write_table(path: Path, rows: list, dates: dict) -> None:
    """The table as CSV, written atomically."""
    import csv  # only for this table: a count never writes it

    from ..puzzle.atomic import write_atomically
    from ..puzzle.calendar_layout import WEEKDAY_NAMES

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["member", "month", "day", "weekday", "solutions", "seconds", "complete",
                     "note"])
    for row in rows:
        day_of, weekday = dates[row.index]
        month, day = day_of or ("", "")
        weekday = "" if weekday is None else WEEKDAY_NAMES[weekday]
        writer.writerow([row.name, month, day, weekday, row.solutions, f"{row.seconds:.6f}",
                         "yes" if row.complete else "no", row.note])
    try:
        write_atomically(path, text.getvalue().encode("utf-8"))
    except OSError as error:
        raise PuzzleError(f"{path}: cannot write: {error.strerror or error}") from None
