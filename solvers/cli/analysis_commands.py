"""`polygui-solve PUZZLE --estimate` and `--explain`: what to expect before solving, and why a
puzzle has no solution; and the certificate check before every solve."""

from __future__ import annotations

import argparse

from ..analysis.certificates import certificates
from ..analysis.wording import describe
from ..puzzle.cancel import CancelCheck
from ..puzzle.model import Puzzle, PuzzleError
from ..puzzle.pins import pins_to_data
from .arguments import seconds as seconds_type

ESTIMATE_SECONDS = (0.1, 3600.0)  # shorter measures nothing; longer, solve instead


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("before and after solving")
    group.add_argument("--estimate", action="store_true",
                       help="estimate the search (time, nodes, solutions, with a spread) from "
                            "about a second of random probes through the search, and stop")
    group.add_argument("--explain", action="store_true",
                       help="say why the puzzle has no solution: a proof before searching "
                            "(cell counts, colourings, cells no piece covers), else, after a "
                            "complete search, a minimal set of pieces that cannot all fit or "
                            "of pins that cannot all hold (a Sudoku: of givens and rules, "
                            "its cages, regions, diagonals, that have no solution)")
    low, high = ESTIMATE_SECONDS
    group.add_argument("--estimate-seconds", type=seconds_type(low, high), default=1.0,
                       metavar="S", help=f"how long --estimate probes (default 1; from {low:g} "
                                         f"to {high:g})")


def run_estimate(puzzle: Puzzle, symmetry: str, seconds: float, as_json: bool) -> int:
    import json  # here: a count without --json never loads it (start-up)
    from ..analysis.estimate import estimate  # the probes' kernels only when asked for

    found = estimate(puzzle, symmetry, seconds=seconds)
    kind = "exact: the search ended while measuring" if found.exact else \
        f"{found.probes:,} probes, {found.node_rate:,.0f} nodes/s measured"
    print(f"{puzzle.name} [{symmetry}]: {describe(found)}")
    print(f"  nodes {found.nodes.value:,.0f} ({found.nodes.low:,.0f}-{found.nodes.high:,.0f}); "
          f"{kind}; {found.spent:.2f} s")
    if as_json:
        result = {"puzzle": puzzle.name, **found.as_dict()}
        print(json.dumps(result))
    return 0


def refuse_with_certificate(puzzle: Puzzle, cancel: CancelCheck | None = None) -> None:
    """Raise PuzzleError naming why `puzzle` has no solution when a certificate proves it
    before searching (the cell counts and pieces that fit nowhere, the colourings, cells no
    piece covers). `cancel` is called every few milliseconds of the work."""
    found = certificates(puzzle, cancel)
    if found:
        raise PuzzleError("no solution: " + "; ".join(c.text for c in found))


def run_explain(puzzle: Puzzle, as_json: bool) -> int:
    """Why the puzzle has no solution: certificates, else a search, else a minimal core."""
    import json  # here: a count without --json never loads it (start-up)
    found = certificates(puzzle)
    result: dict = {"puzzle": puzzle.name, "certificates": [c.text for c in found]}
    if found:
        print(f"{puzzle.name}: no solution, proved before searching:")
        for certificate in found:
            print(f"  - {certificate.text}")
        if certificate_cells := [cell for c in found for cell in c.cells]:
            result["cells"] = [list(cell) for cell in certificate_cells]
        result["solvable"] = False
    else:
        from ..analysis.conflicts import minimal_core

        core = minimal_core(puzzle)
        result["solvable"] = core is None
        if core is None:
            print(f"{puzzle.name}: it has a solution; nothing to explain")
        else:
            print(f"{puzzle.name}: no solution (a complete search found none); "
                  f"{core.text(puzzle)} ({core.searches} searches)")
            result["core"] = list(core.givens) if puzzle.is_sudoku else list(core.pieces)
            if puzzle.is_sudoku:
                result["rules"] = [rule.as_dict(puzzle.sudoku.n) for rule in core.rules]
            elif core.pins:
                result["pins"] = pins_to_data(tuple(puzzle.pins[i] for i in core.pins))
            if core.lock is not None:  # the pieces fit, no assembly comes apart
                result["assemblies"] = core.lock.assemblies
    if as_json:
        print(json.dumps(result))
    return 0
