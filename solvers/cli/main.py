"""`polygui-solve`: solve a puzzle file from the command line."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..output.kept import DEFAULT_MAX_KEPT
from ..parallel.run import available_cores, solve
from ..puzzle.any_file import load_any
from ..puzzle.model import SYMMETRY_MODES, Puzzle, PuzzleError
from ..search.events import Progress, Solution
from . import analysis_commands, apart_commands, design_commands, logic_commands, run_commands
from . import burrtools_commands, family_commands, generate_commands, print_commands
from .arguments import MAX_JOBS, HelpFormatter, new_file, refuse_unused, whole_number
from .endings import ended_cleanly

if TYPE_CHECKING:
    from ..parallel.cluster_spec import ClusterSpec


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polygui-solve", formatter_class=HelpFormatter,
        description="Solve a PolyGUI puzzle file (JSON), a meteor board text, a Sudoku line "
                    "or a problem of a BurrTools file (.xmpuzzle).")
    parser.add_argument("puzzle", nargs="?", type=Path,
                        help="the puzzle file (with --resume: optional, checked against the run)")
    parser.add_argument("--problem", type=whole_number(1), default=None, metavar="K",
                        help="which problem of a BurrTools file to solve, from 1 (default 1)")
    parser.add_argument("--symmetry", choices=SYMMETRY_MODES, default=None,
                        help="which solutions count as one (default: distinct, i.e. up to "
                             "rotations and reflections of the board)")
    parser.add_argument("--limit", type=whole_number(0), default=None, metavar="N",
                        help="stop after N solutions (0: find all; default: all, and for a "
                             "Sudoku 2, which tells a unique solution from several)")
    parser.add_argument("--count-only", action="store_true",
                        help="count solutions without decoding them (fastest)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object with the results on the last line")
    parser.add_argument("--show", type=whole_number(0), default=1, metavar="K",
                        help="print the first K solutions as pictures (default 1)")
    for kind, what in (("json", "JSON (each solution: piece -> cells, with the symmetry)"),
                       ("csv", "CSV (a row per covered cell)"),
                       ("lines", "Sudoku solution lines (n*n characters)")):
        parser.add_argument(f"--export-{kind}", type=Path, metavar="FILE",
                            help=f"write the solutions found as {what}")
    parser.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=None, metavar="N",
                        help=f"search on N threads (default: every core, {available_cores()} "
                             f"here; a puzzle solved in a moment stays on one)")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="search on a Dask cluster: local:N for N worker processes here "
                             "(TLS, on 127.0.0.1 only), or a scheduler's address, "
                             "tls://HOST:8786 (with the three files below) or tcp://HOST:8786 "
                             '(needs pip install "polygui[cluster]")')
    for option, what in (("ca", "the CA certificate the tls:// scheduler trusts"),
                         ("cert", "this computer's client certificate for it (PEM)"),
                         ("key", "the client certificate's key (unless in its file)")):
        parser.add_argument(f"--cluster-{option}", type=Path, metavar="FILE", help=what)
    parser.add_argument("--checkpoint", type=new_file, metavar="FILE",
                        help="keep the run in FILE as it goes (every few seconds), to --resume it")
    parser.add_argument("--resume", type=Path, metavar="FILE",
                        help="continue the run kept in FILE (after a stop, a crash, kill -9)")
    parser.add_argument("--keep", type=whole_number(0), default=DEFAULT_MAX_KEPT, metavar="N",
                        help="keep at most N solutions for the exports (default 10,000,000); "
                             "the search counts on past them")
    parser.add_argument("--sudoku-batch", type=Path, metavar="FILE",
                        help="solve one 81-character Sudoku per line and report puzzles/s")
    analysis_commands.add_arguments(parser)
    design_commands.add_arguments(parser)
    apart_commands.add_arguments(parser)
    run_commands.add_arguments(parser)
    logic_commands.add_arguments(parser)
    burrtools_commands.add_arguments(parser)
    print_commands.add_arguments(parser)
    family_commands.add_arguments(parser)
    generate_commands.add_help(parser)
    return parser


def tolerate_unprintable_text() -> None:
    """Print what the terminal cannot show (a lone surrogate in a puzzle's name, an accent on
    an ASCII terminal) as backslash escapes rather than fail with UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # closed, or not a text stream after all
                pass


Parsed = tuple[argparse.ArgumentParser, argparse.Namespace]


def main(argv: list[str] | None = None, parsed: Parsed | None = None) -> int:
    """The command: its exit status (0, 1: nothing to propose, 2: bad input, 130: Ctrl-C).
    `parsed`: `argv` read already by a parser that has this one's options (polygui.cli's,
    which adds the images'), so that they are not read twice."""
    return ended_cleanly(lambda: _main(argv, parsed))


def _main(argv: list[str] | None, parsed: Parsed | None = None) -> int:
    tolerate_unprintable_text()
    argv = sys.argv[1:] if argv is None else argv
    if generate_commands.wanted(argv):  # its options are its own (--symmetry differs)
        return generate_commands.main(argv)
    if parsed is None:
        parser = build_parser()
        args = parser.parse_args(argv)
    else:
        parser, args = parsed
    if not args.estimate:
        refuse_unused(parser, args, ["estimate_seconds"], "a run without --estimate")
    print_commands.refuse_unused(parser, args)
    if args.resume and args.checkpoint:
        parser.error("--resume keeps the run in the file it resumes: drop --checkpoint")
    if args.save_unique and not args.unique:
        parser.error("--save-unique writes what --unique proposes: add --unique")
    for path in (args.where, args.save_unique, args.export_moves):  # said before a search
        if path is not None and not (path.parent if str(path.parent) else Path(".")).is_dir():
            parser.error(f"{path}: the folder {path.parent} does not exist")
    args.cluster = checked_cluster(parser, args)
    if args.cluster is not None:
        show_cluster_line()
    try:
        if args.sudoku_batch:
            from .sudoku_batch import run_batch

            return run_batch(args.sudoku_batch, as_json=args.json)
        if args.rate_batch:
            return logic_commands.run_rate_batch(args.rate_batch, args.json,
                                                 args.jobs or available_cores(), args.profile,
                                                 args.cluster)
        if args.verify:
            return run_commands.run_verify(args.verify, args.json)
        if args.puzzle is None and args.resume is None:
            parser.error("give a puzzle file (or --resume FILE, or --sudoku-batch FILE)")
        family = family_commands.family_puzzle(args)
        if family is not None and args.member is not None:
            return run_puzzle(args, family_commands.chosen_member(family, args.member))
        if family is not None:
            family_commands.refuse_unused(parser, args)
            return family_commands.run_family(family, args, args.jobs or available_cores())
        return run_puzzle(args)
    except Exception as error:
        if not isinstance(error, (PuzzleError, _cluster_error())):
            raise
        print(f"polygui-solve: {error}", file=sys.stderr)
        return 2


def _cluster_error() -> type[Exception]:
    """The cluster's error type, imported only when a command fails (start-up)."""
    from ..parallel.cluster_spec import ClusterError

    return ClusterError


def checked_cluster(parser: argparse.ArgumentParser,
                    args: argparse.Namespace) -> ClusterSpec | None:
    """--cluster and its certificate files, checked before any work (a wrong one ends the
    command with its message)."""
    files = (args.cluster_ca, args.cluster_cert, args.cluster_key)
    if args.cluster is None:
        if any(path is not None for path in files):
            parser.error("--cluster-ca, --cluster-cert and --cluster-key go with "
                         "--cluster tls://HOST:PORT")
        return None
    if args.cluster.startswith("tls://") and None in (args.cluster_ca, args.cluster_cert):
        parser.error(f"--cluster {args.cluster}: a tls:// scheduler needs --cluster-ca FILE "
                     f"and --cluster-cert FILE (and --cluster-key FILE unless the certificate "
                     f"file holds the key)")
    from ..parallel.cluster_spec import ClusterError, cluster_spec

    try:
        spec = cluster_spec(args.cluster, *files)
    except ClusterError as error:
        parser.error(f"--cluster: {error}")
    return spec


def show_cluster_line() -> None:
    """Print on stderr the Dask backend's line saying where the run searches and how its
    cluster is kept to itself (solvers.parallel.cluster logs it once connected). Logging is
    imported here, by a run on a cluster only (start-up)."""
    import logging

    class ToStderr(logging.Handler):
        """To sys.stderr as it is at each line (main() may run again: tests swap it)."""

        def emit(self, record: logging.LogRecord) -> None:
            print(self.format(record), file=sys.stderr)

    cluster_log = logging.getLogger("solvers.parallel.cluster")
    if not any(handler.get_name() == "polygui-solve" for handler in cluster_log.handlers):
        handler = ToStderr()
        handler.set_name("polygui-solve")
        cluster_log.addHandler(handler)
        cluster_log.setLevel(logging.INFO)


def run_puzzle(args: argparse.Namespace, member: Puzzle | None = None) -> int:
    """Solve the puzzle the command names (or `member`, a family's member it chose)."""
    puzzle, symmetry = _puzzle_and_symmetry(args) if member is None else (
        _without_disassembly(args, member), args.symmetry or "distinct")
    if args.export_xmpuzzle is not None:
        return burrtools_commands.run_export(puzzle, args.export_xmpuzzle)
    if args.export_stl is not None:
        return print_commands.run_export(puzzle, args)
    if args.steps or args.rate:
        return logic_commands.run_logic(puzzle, args.steps, args.json, args.profile)
    if args.estimate:
        return analysis_commands.run_estimate(puzzle, symmetry, args.estimate_seconds, args.json)
    if args.explain:
        return analysis_commands.run_explain(puzzle, args.json)
    if args.unique:
        return design_commands.run_unique(puzzle, args.json, args.save_unique)
    reporter = _ProgressLine(sys.stderr)
    notes = run_commands.NotesPrinter(args.resume)
    if args.resume is None and not puzzle.is_sudoku:
        analysis_commands.refuse_with_certificate(puzzle, reporter.waiting("checking the puzzle"))
    limit = args.limit if args.limit is not None else (SUDOKU_DEFAULT_LIMIT if puzzle.is_sudoku else 0)
    shown = 0
    final: Progress | None = None
    exports = data_exports(args)
    keeping = bool(exports) or args.where is not None or args.export_moves is not None
    if keeping:  # the output modules only when they are used: each import costs start-up
        from ..output.kept import KeptSolutions

        kept = KeptSolutions(puzzle, args.keep)
    count_only = not keeping and (args.count_only or (args.show == 0 and args.json))
    jobs = args.jobs or available_cores()
    events = solve(puzzle, symmetry, limit, count_only, jobs=jobs, cluster=args.cluster,
                   checkpoint=args.checkpoint, resume=args.resume,
                   cancel=reporter.waiting("preparing the search (placements, pruning, "
                                           "symmetry)"))
    for event in events:
        if isinstance(event, Solution):
            if not apart_commands.is_solution(event):
                continue  # an assembly that does not come apart
            if keeping:
                kept.add(event)
            if shown < args.show:
                from ..output.pictures import format_solution

                verdict = apart_commands.verdict_line(event)
                print(f"Solution {event.index + 1}{f' ({verdict})' if verdict else ''}:\n"
                      f"{format_solution(puzzle, event)}\n")
                shown += 1
        else:
            final = event
            notes.update(event)
            reporter.update(event)
    reporter.clear()
    assert final is not None
    print(f"{puzzle.name}: {summary_line(puzzle, final, limit)}"
          f"{apart_commands.summary_words(final)} [{symmetry}], "
          f"{final.nodes} nodes, {final.elapsed:.3f} s")
    for level, count in final.levels:
        print(f"  level {level}: {count:,} solution{'s' * (count != 1)}")
    for kind, path in exports:
        from ..output.export_data import export_solutions

        export_solutions(puzzle, kept, symmetry, path, kind)
        print(f"wrote {len(kept)} solution{'s' * (len(kept) != 1)} to {path}")
    if args.where is not None:
        print(design_commands.write_where(puzzle, kept, args.where))
    if args.export_moves is not None:
        print(apart_commands.write_moves(puzzle, kept, args.export_moves))
    if keeping and kept.dropped:
        print(f"kept the first {len(kept):,} solutions for the exports; the other "
              f"{kept.dropped:,} were counted, not kept (--keep)")
    if args.json:
        result = {
            "puzzle": puzzle.name, "file": str(args.puzzle or args.resume), "symmetry": symmetry,
            "symmetry_group": final.symmetry_group, "solutions": final.solutions,
            "complete": final.exhausted, "nodes": final.nodes,
            "seconds": round(final.elapsed, 6), **apart_commands.json_fields(final)}
        if puzzle.is_sudoku:
            result["verdict"] = sudoku_verdict(final)
        import json  # only for --json (start-up)

        print(json.dumps(result))
    return 0


def _without_disassembly(args: argparse.Namespace, puzzle: Puzzle) -> Puzzle:
    """`puzzle`, not taken apart when --no-disassembly says so."""
    if args.no_disassembly and puzzle.disassembly:
        return dataclasses.replace(puzzle, disassembly=False)
    return puzzle


def _puzzle_and_symmetry(args: argparse.Namespace) -> tuple[Puzzle, str]:
    """The puzzle and the mode to count in: from the command line, or from the run file
    resumed (a puzzle or mode given as well must be the run's)."""
    if args.resume is None:
        puzzle = getattr(args, "opened", None)  # read by family_puzzle already
        if puzzle is None:
            puzzle = load_any(args.puzzle, args.problem)
        return _without_disassembly(args, puzzle), args.symmetry or "distinct"
    from ..parallel.runfile import RunFile  # SQLite only to resume a run
    run = RunFile.open(args.resume)
    try:
        puzzle = run.puzzle
        if args.puzzle is not None:
            run.check_matches(load_any(args.puzzle, args.problem))
        if args.symmetry not in (None, run.symmetry):
            raise PuzzleError(f"{args.resume}: the run counts {run.symmetry!r} solutions, "
                              f"not {args.symmetry!r}")
        return puzzle, run.symmetry
    finally:
        run.close()


def data_exports(args: argparse.Namespace) -> list[tuple[str, Path]]:
    return [(kind, path) for kind in ("json", "csv", "lines")
            if (path := getattr(args, f"export_{kind}")) is not None]


SUDOKU_DEFAULT_LIMIT = 2  # a second solution proves the Sudoku is not unique


def sudoku_verdict(final: Progress) -> str:
    """"none", "unique" or "several": what a Sudoku run proved."""
    if final.solutions == 0:
        return "none" if final.exhausted else "unknown"
    if final.solutions == 1:
        return "unique" if final.exhausted else "unknown"
    return "several"


def summary_line(puzzle: Puzzle, final: Progress, limit: int) -> str:
    if puzzle.is_sudoku and limit == SUDOKU_DEFAULT_LIMIT and not final.exhausted:
        return "several solutions (stopped at the second: the Sudoku is not unique)"
    count = f"{final.solutions} solution{'' if final.solutions == 1 else 's'}"
    return count if final.exhausted else f"{count} found (stopped early)"


SHOWN_AFTER = 1.0  # seconds a run lasts before its progress is shown


class _ProgressLine:
    """A one-line progress report on stderr, shown once a run has lasted SHOWN_AFTER
    seconds: what it is doing while it prepares, then how far the search is."""

    def __init__(self, stream) -> None:
        self.stream, self.start, self.last, self.shown = stream, time.monotonic(), 0.0, False
        self.width, self.doing = 0, ""

    def waiting(self, doing: str) -> Callable[[], bool]:
        """A cancel check for a step that cannot report its progress (it calls the check
        every few milliseconds of work): it never cancels, and says what is going on (a
        new step at once)."""
        def check() -> bool:
            now = time.monotonic()
            if now - self.start >= SHOWN_AFTER and (now - self.last >= 0.5 or doing != self.doing):
                self.doing = doing
                self._write(now, f"{doing}… {now - self.start:.0f} s")
            return False
        return check

    def update(self, progress: Progress) -> None:
        now = time.monotonic()
        if progress.phase != "searching" or now - self.start < SHOWN_AFTER or now - self.last < 0.5:
            return
        left = f", ~{progress.time_left:.0f} s left" if progress.time_left is not None else ""
        found = f"{progress.solutions:,} solution{'s' * (progress.solutions != 1)}"
        self._write(now, f"{progress.fraction_done:6.1%} done, {found}, {progress.nodes:,} "
                         f"nodes ({progress.nodes_per_second:,.0f}/s){left}   ")

    def _write(self, now: float, text: str) -> None:
        self.last, self.shown = now, True
        self.stream.write("\r" + text.ljust(self.width))  # over all of the line before
        self.width = len(text)
        self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * max(79, self.width) + "\r")
            self.stream.flush()


if __name__ == "__main__":
    sys.exit(main())
