"""`polygui-solve PUZZLE --estimate` and `--explain`: what to expect before solving, and why a
puzzle has no solution."""

from __future__ import annotations

import argparse
import json

from ..analysis.estimate import estimate
from ..analysis.wording import describe
from ..puzzle.model import Puzzle


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("before and after solving")
    group.add_argument("--estimate", action="store_true",
                       help="estimate the search (time, nodes, solutions, with a spread) from "
                            "about a second of random probes through the search, and stop")
    group.add_argument("--estimate-seconds", type=float, default=1.0, metavar="S",
                       help="how long --estimate probes (default 1)")


def run_estimate(puzzle: Puzzle, symmetry: str, seconds: float, as_json: bool) -> int:
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
