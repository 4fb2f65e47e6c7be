"""Forcing chains from 7.5 (SE's ratings): Nishio (the digit's places only, dynamic; a
contradiction), cell and region forcing chains (static, 8.0), dynamic forcing chains
(contradiction, double, cell, region; 8.5) and Dynamic Forcing Chains (+) (9.0: the runs
also follow pointing / claiming, hidden and naked pairs and X-Wings). The scans are the numba kernel of
solvers.kernels.logic_forcing; here the easiest conclusion becomes a step with its proof.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import numpy as np

from ..kernels.logic_forcing import forcing_scan
from ..records import record
from .board import Board, bits
from .chains import MAX_SIZE, effects, kernel_board, node_of, pattern_arrays, proof, rating_of, \
    trace
from .steps import Step

KIND_NAMES = ("Contradiction Forcing Chains", "Contradiction Forcing Chains",
              "Double Forcing Chains", "Region Forcing Chains", "Cell Forcing Chains")


@record
class Mode:
    """One of SE's forcing-chain producers."""
    prefix: str
    base: float
    multiple: bool
    dynamic: bool
    nishio: bool
    level: int = 0
    suffix: str = ""


NISHIO = Mode("Nishio ", 7.5, False, True, True)
MULTIPLE = Mode("", 8.0, True, False, False)
DYNAMIC = Mode("Dynamic ", 8.5, True, True, False)
DYNAMIC_PLUS = Mode("Dynamic ", 9.0, True, True, False, 1, " (+)")

_WORK = threading.local()  # per thread: the GUI's jobs may rate two boards at once


def scan_work(n_cells: int, n: int) -> tuple[np.ndarray, ...]:
    """The large arrays of a scan (every run's nodes and parents, a few MB), made once per
    thread and size: fresh ones cost more in page faults than the scan's runs."""
    kept = getattr(_WORK, "arrays", None)
    if kept is None or kept[0].shape != (n_cells * n, 2 * n_cells * n + 1):
        n_cand, n_nodes = n_cells * n, 2 * n_cells * n + 1
        kept = _WORK.arrays = (np.zeros((n_cand, n_nodes), np.uint8),
                               np.empty((n_cand, n_nodes), np.int32),
                               np.empty((n_cand, n_nodes), np.int32),
                               np.empty((n_cand, n_nodes), np.int32))
    return kept


def nishio(board: Board) -> Iterator[Step]:
    yield from forcing_steps(board, NISHIO)


def multiple(board: Board) -> Iterator[Step]:
    yield from forcing_steps(board, MULTIPLE)


def dynamic(board: Board) -> Iterator[Step]:
    yield from forcing_steps(board, DYNAMIC)


def dynamic_plus(board: Board) -> Iterator[Step]:
    yield from forcing_steps(board, DYNAMIC_PLUS)


def forcing_steps(board: Board, mode: Mode) -> Iterator[Step]:
    """The easiest conclusion of the mode's scan, as a step (none when it finds nothing)."""
    if board.n > MAX_SIZE:
        return
    cands, house_cells, cell_houses = kernel_board(board)
    best = np.full(8, -1, np.int64)
    if not forcing_scan(cands, board.n, house_cells, cell_houses, mode.multiple, mode.dynamic,
                        mode.nishio, mode.level, *pattern_arrays(board.layout), best,
                        scan_work(len(cands), board.n)):
        return
    complexity, _, kind, target, cell, d, house, _ = (int(x) for x in best)
    ylinks = not mode.nishio
    source = 2 * (cell * board.n + d)
    if kind in (0, 1):  # a contradiction from the source on (0) or off (1)
        pairs, _, _ = trace(board, source + (1 - kind), mode.dynamic, ylinks, (-1,), mode.level)
        starts = (source + (1 - kind),)
    elif kind == 2:
        pairs = trace(board, source + 1, mode.dynamic, ylinks, (target,), mode.level)[0] + \
            trace(board, source, mode.dynamic, ylinks, (target,), mode.level)[0]
        starts = (source + 1,)
    else:
        if kind == 3:
            places = [c for c in board.layout.houses[house].cells if board.has(c, d + 1)]
            starts = tuple(2 * (c * board.n + d) + 1 for c in sorted(places))
        else:
            starts = tuple(2 * (cell * board.n + e) + 1 for e in bits(board.candidates[cell]))
        pairs = []
        for start in starts:
            pairs += trace(board, start, mode.dynamic, ylinks, (target,), mode.level)[0]
    conclusion = source if kind == 0 else source + 1 if kind == 1 else target
    name = "Nishio Forcing Chains" if mode.nishio else mode.prefix + KIND_NAMES[kind] + mode.suffix
    houses = (board.layout.houses[house].name,) if kind == 3 else ()
    sources = tuple(node_of(board.n, start) for start in starts)
    yield Step(name, rating_of(mode.base, complexity),
               cells=tuple(dict.fromkeys(c for c, _, _ in sources)),
               candidates=tuple((c, digit) for c, digit, _ in sources), houses=houses,
               **effects(board, node_of(board.n, conclusion)), **proof(pairs))
