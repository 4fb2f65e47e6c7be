"""How big is the search, before searching: solutions, nodes and time, with a spread.

Three steps within a time budget (about a second):
1. measure: the real search runs for a fifth of the budget, counting only. Its node rate turns
   nodes into seconds, and when it finishes, the answer is exact.
2. pilot: single random paths (solvers.kernels.probes) give the tree's profile, the nodes at
   each depth; from it the depth whose subtrees hold about `probes_wanted` times fewer nodes
   than the search can visit in the time left.
3. probes: random paths down to that depth, each subtree below searched to its end by the
   kernel. Each probe is an unbiased estimate (Knuth's: the product of the branching factors
   along the path, times what the subtree holds).

The spread: the probes, in the order made, are cut into GROUPS groups; the estimate is the
mean of all, the interval from BELOW_SE standard errors of the group means under it to
ABOVE_SE over it. A heavy tail (rare paths into a rich subtree) shows as groups that disagree,
and widens it; it also makes the mean of a sample fall short of the truth more often than
pass it, hence the longer reach upwards (bench/bench_estimate.py: with 3 and 3 standard
errors, 3 ranges in 45 missed the truth, each below it, by up to 3.5). The lower ends are
never below what the measuring search already found.

When assemblies must come apart, the probes count assemblies; the solutions are those times
the share of the assemblies the measuring search took apart that came apart, its interval
widened by the share's (Wilson's score interval); no assembly taken apart yet, no share:
the solutions are then only bounded by the assemblies (`share_known` false).
"""

from __future__ import annotations

import math
import time
from dataclasses import asdict, replace

import numpy as np

from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import Puzzle
from ..records import record
from ..search.prepare import Prepared, prepare_puzzle
from ..search.slices import SlicedSearch
from .probing import Prober

MEASURE_SHARE = 0.2  # of the time budget: the real search, for its node rate
PILOT_SHARE = 0.1  # single paths, for the tree's profile
PROBES_WANTED = 400  # the subtree depth is chosen so that about this many probes fit
SUBTREE_BUDGET_FACTOR = 20  # a subtree is searched for at most this many times its mean size
GROUPS = 30
BELOW_SE, ABOVE_SE = 3.0, 4.5  # the interval, in standard errors of the group means


@record
class Range:
    """An estimate and its interval."""

    value: float
    low: float
    high: float


@record
class Estimate:
    symmetry: str  # the mode the solutions are counted in
    kernel: str
    solutions: Range
    nodes: Range  # nodes the search enters
    seconds: Range  # the search on one thread, at the measured rate
    node_rate: float  # nodes per second, measured
    probes: int
    exact: bool  # the measuring search finished: the figures are the search's own
    spent: float  # seconds this estimate took
    assemblies: Range | None = None  # when assemblies must come apart: all of them
    share_known: bool = True  # whether some assembly was taken apart to tell the share

    def as_dict(self) -> dict:
        return asdict(self)


def estimate(puzzle: Puzzle, symmetry: str = "distinct", seconds: float = 1.0, seed: int = 0,
             cancel: CancelCheck | None = None) -> Estimate:
    """Estimate the search of `puzzle` counting in `symmetry` within about `seconds`.
    Raises PuzzleError when the puzzle cannot be searched, Cancelled once `cancel()` is true."""
    started = time.perf_counter()
    prepared = prepare_puzzle(puzzle, symmetry, cancel=cancel)
    return estimate_prepared(prepared, seconds, seed, cancel, started)


def estimate_prepared(prepared: Prepared, seconds: float = 1.0, seed: int = 0,
                      cancel: CancelCheck | None = None,
                      started: float | None = None) -> Estimate:
    started = time.perf_counter() if started is None else started
    check_cancel(cancel)
    measured = SlicedSearch(prepared, prepared.new_search(), record=False, slice_seconds=0.02)
    measured.warm_up()
    deadline = time.perf_counter() + seconds * MEASURE_SHARE
    while not measured.finished and time.perf_counter() < deadline:
        measured.step()
        check_cancel(cancel)
    if measured.finished:
        return _exact(prepared, measured, started)
    rate = measured.nodes / max(measured.elapsed, 1e-9)
    prober = Prober(prepared, seed)
    prober.batch(1)  # loads (or compiles) the probe kernel before the clock starts
    left = seconds * (1 - MEASURE_SHARE)
    pilot_end = time.perf_counter() + left * PILOT_SHARE / (1 - MEASURE_SHARE)
    nodes, solutions = _probe_until(prober, pilot_end, cancel)
    end = pilot_end + left * (1 - PILOT_SHARE / (1 - MEASURE_SHARE))
    if nodes.mean() > rate * seconds * 0.01:  # a big tree: complete subtrees from a depth on
        nodes, solutions = _probe_with_subtrees(prober, rate * (end - time.perf_counter()),
                                                end, cancel)
    return _summary(prepared, nodes, solutions, rate, measured, started)


def _probe_until(prober: Prober, end: float, cancel: CancelCheck | None, first: int = 16,
                 wanted: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Probes in batches of about 50 ms until `end` (at least one batch). With `wanted`,
    probes that search subtrees go one level deeper whenever fewer than that many would fit
    at the pace of the last batch (each probe is unbiased whatever its depth)."""
    nodes, solutions = [], []
    size = first
    while True:
        batch_start = time.perf_counter()
        n, s = prober.batch(size)
        nodes.append(n)
        solutions.append(s)
        check_cancel(cancel)
        now = time.perf_counter()
        if now >= end:
            break
        per_probe = (now - batch_start) / max(1, len(n))
        made = sum(map(len, nodes))
        if wanted and made + (end - now) / per_probe < wanted:
            prober.complete_subtrees(prober.subtree_depth + 1, prober.subtree_budget)
        size = int(min(4 * size, max(1, 0.05 / max(per_probe, 1e-7))))
    return np.concatenate(nodes), np.concatenate(solutions)


def _probe_with_subtrees(prober: Prober, affordable_nodes: float, end: float,
                         cancel: CancelCheck | None) -> tuple[np.ndarray, np.ndarray]:
    """Probes that search the subtree at the depth where about PROBES_WANTED fit."""
    by_depth = prober.nodes_by_depth()
    below = np.cumsum(by_depth[::-1])[::-1]  # nodes at each depth and deeper
    target = affordable_nodes / PROBES_WANTED
    depth = 0
    while depth + 1 < len(by_depth) and (by_depth[depth] <= 0
                                         or below[depth] / by_depth[depth] > target):
        depth += 1
    prober.complete_subtrees(depth, int(max(1000, SUBTREE_BUDGET_FACTOR * target)))
    return _probe_until(prober, end, cancel, first=4, wanted=PROBES_WANTED)


def _summary(prepared: Prepared, nodes: np.ndarray, solutions: np.ndarray, rate: float,
             measured: SlicedSearch, started: float) -> Estimate:
    node_range = _spread(nodes, float(measured.nodes))
    seconds = Range(*(value / rate for value in (node_range.value, node_range.low,
                                                 node_range.high)))
    estimate = Estimate(prepared.symmetry, prepared.kernel, Range(0.0, 0.0, 0.0), node_range,
                        seconds, rate, len(nodes), False, time.perf_counter() - started)
    if prepared.disassembler is None:
        return replace(estimate, solutions=_spread(solutions, float(measured.solutions)))
    assemblies = _spread(solutions, float(measured.assemblies))  # the probes' leaves
    return replace(estimate, assemblies=assemblies, share_known=measured.assemblies > 0,
                   solutions=_solutions_of(assemblies, measured))


def _solutions_of(assemblies: Range, measured: SlicedSearch) -> Range:
    """Solutions: the assemblies times the share of those taken apart that came apart."""
    low, share, high = _share(measured.solutions, measured.assemblies)
    return Range(assemblies.value * share, max(float(measured.solutions), assemblies.low * low),
                 max(float(measured.solutions), assemblies.high * high))


def _share(hits: int, tries: int, z: float = 3.0) -> tuple[float, float, float]:
    """(low, estimate, high) of a share from `hits` of `tries` (Wilson's score interval; all
    of 0 to 1 when nothing was tried)."""
    if tries <= 0:
        return 0.0, 1.0, 1.0
    p = hits / tries
    centre = (p + z * z / (2 * tries)) / (1 + z * z / tries)
    half = z * math.sqrt(p * (1 - p) / tries + z * z / (4 * tries * tries)) / (1 + z * z / tries)
    return max(0.0, centre - half), p, min(1.0, centre + half)


def _spread(values: np.ndarray, at_least: float) -> Range:
    """The mean of the probes, and the interval of the group means (see the module)."""
    mean = float(values.mean())
    groups = np.array_split(values, min(GROUPS, len(values)))
    means = np.array([g.mean() for g in groups])
    error = float(means.std(ddof=1) / np.sqrt(len(means))) if len(means) > 1 else mean
    low = max(at_least, mean - BELOW_SE * error)
    high = max(low, mean + ABOVE_SE * error)
    return Range(max(mean, at_least), low, high)


def _exact(prepared: Prepared, measured: SlicedSearch, started: float) -> Estimate:
    solutions = float(measured.solutions)
    nodes = float(measured.nodes)
    seconds = measured.elapsed
    assemblies = None
    if prepared.disassembler is not None:
        assemblies = Range(*(float(measured.assemblies),) * 3)
    return Estimate(prepared.symmetry, prepared.kernel, Range(solutions, solutions, solutions),
                    Range(nodes, nodes, nodes), Range(seconds, seconds, seconds),
                    nodes / max(seconds, 1e-9), 0, True, time.perf_counter() - started,
                    assemblies)
