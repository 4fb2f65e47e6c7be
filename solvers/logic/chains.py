"""Chains on the SE scale from 6.5: bidirectional cycles (X, Y, mixed) and single forcing
chains (forcing X-chains, forcing chains), found by the numba kernels of
solvers.kernels.logic_cycles; and the board as the kernels' arrays, shared with forcing.py.

Every chain step carries its proof as data: `chain`, the implications (cell, digit, on) ->
(cell, digit, on) it rests on, and `links`, the same pairs as plain candidates.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from ..kernels.logic_chains import ancestors, buffers, propagate
from ..kernels.logic_cycles import cycle_scan, length_increment
from .board import BOX, COLUMN, DIAGONAL, ROW, Board, Layout, bits
from .steps import Node, Step

MAX_SIZE = 9  # the scans keep a run per candidate: fine for 9x9 (ratings are defined there)
HOUSE_ORDER = {BOX: 0, ROW: 1, COLUMN: 2, DIAGONAL: 3}  # SE's order of a cell's houses
CYCLE_NAMES = ("Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle")
CHAIN_NAMES = ("Forcing X-Chain", "Forcing Y-Chain", "Forcing Chain")


@lru_cache(maxsize=16)
def house_arrays(layout: Layout) -> tuple[np.ndarray, np.ndarray]:
    """house_cells (house x cell, ascending, -1 padded) and cell_houses (cell x house, box,
    row, column, diagonal, -1 padded) of a layout."""
    width = max(len(house.cells) for house in layout.houses)
    house_cells = np.full((len(layout.houses), width), -1, np.int64)
    for index, house in enumerate(layout.houses):
        house_cells[index, :len(house.cells)] = sorted(house.cells)
    most = max(len(houses) for houses in layout.cell_houses)
    cell_houses = np.full((layout.n * layout.n, most), -1, np.int64)
    for cell, houses in enumerate(layout.cell_houses):
        ordered = sorted(houses, key=lambda h: (HOUSE_ORDER[layout.houses[h].kind], h))
        cell_houses[cell, :len(ordered)] = ordered
    return house_cells, cell_houses


@lru_cache(maxsize=16)
def pattern_arrays(layout: Layout) -> tuple[np.ndarray, np.ndarray]:
    """house_kind (0 box, 1 row, 2 column, 3 diagonal) per house, and the crossings of the
    locked candidates (pairs of houses, SE's scan order): for Dynamic Forcing Chains (+)."""
    kinds = np.array([HOUSE_ORDER[house.kind] for house in layout.houses], np.int64)
    crossings = np.array(layout.crossings, np.int64).reshape(-1, 2)
    return kinds, crossings


def kernel_board(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The candidates as an array, with the house tables."""
    house_cells, cell_houses = house_arrays(board.layout)
    return np.array(board.candidates, np.int64), house_cells, cell_houses


def node_of(n: int, node: int) -> Node:
    """(cell, digit, on) of a kernel node id."""
    candidate = node >> 1
    return candidate // n, candidate % n + 1, bool(node & 1)


def rating_of(base: float, complexity: int) -> float:
    """SE's rating of a chain: its technique's base plus 0.1 per length step passed."""
    return round(base + length_increment(complexity) / 10, 1)


def effects(board: Board, node: Node) -> dict:
    """What concluding `node` does: on places the digit (and removes the cell's others),
    off removes the candidate."""
    cell, digit, on = node
    if not on:
        return dict(eliminations=((cell, digit),))
    others = tuple((cell, other + 1) for other in bits(board.candidates[cell])
                   if other + 1 != digit)
    return dict(placements=((cell, digit),), eliminations=others)


def proof(pairs: list[tuple[Node, Node]]) -> dict:
    """The step fields of a chain's implications (each pair once, in order)."""
    chain = tuple(dict.fromkeys(pairs))
    links = tuple(dict.fromkeys(((a[0], a[1]), (b[0], b[1])) for a, b in chain))
    return dict(chain=chain, links=links)


def trace(board: Board, start: int, dynamic: bool, ylinks: bool, targets: tuple[int, ...],
          level: int = 0) -> tuple[list[tuple[Node, Node]], int, int]:
    """One run from `start` and the implications behind each target node (-1: the two nodes
    of its contradiction). Returns (pairs, the contradiction's candidate or -1, its state)."""
    cands, house_cells, cell_houses = kernel_board(board)
    reached, pstart, pcount, pool, order, cur, queue_on, queue_off = buffers(len(cands), board.n)
    _, conflict, state, _ = propagate(cands, board.n, house_cells, cell_houses, start, dynamic,
                                      ylinks, reached, pstart, pcount, pool, order, cur,
                                      queue_on, queue_off, level, *pattern_arrays(board.layout))
    mark = np.zeros(len(reached), np.int64)
    stack = np.zeros(len(reached), np.int64)
    edges = np.zeros((len(pool), 2), np.int64)
    pairs: list[tuple[Node, Node]] = []
    wanted = []
    for target in targets:
        if target >= 0:
            wanted.append((target, target))
        elif conflict >= 0:
            wanted.append((2 * conflict + 1 - state, 2 * conflict + 1 - state))
            wanted.append((len(reached) - 1, 2 * conflict + state))
    for generation, (node, identity) in enumerate(wanted, 1):
        _, count = ancestors(node, identity, pstart, pcount, pool, mark, generation, stack,
                             edges, len(reached))
        pairs.extend((node_of(board.n, int(a)), node_of(board.n, int(b)))
                     for a, b in edges[:count][::-1])
    return pairs, conflict, state


def cycles_and_chains(board: Board) -> Iterator[Step]:
    """The easiest bidirectional cycle or forcing X-chain / forcing chain (6.5 to 7.x)."""
    if board.n > MAX_SIZE:
        return
    cands, house_cells, cell_houses = kernel_board(board)
    best = np.full(8, -1, np.int64)
    path = np.zeros(2 * len(cands) * board.n + 2, np.int64)
    cycle_scan(cands, board.n, house_cells, cell_houses, best, -1, path)
    if best[0] < 0:
        return
    rating, _, _, kind, source, links, _, size = (int(x) for x in best)
    nodes = [node_of(board.n, int(node)) for node in path[:size]][::-1]  # source first
    pairs = list(zip(nodes, nodes[1:]))
    source_cell, digit, _ = node_of(board.n, source)
    if kind == 1:
        yield Step(CHAIN_NAMES[links], rating / 10, cells=(source_cell,),
                   candidates=((source_cell, digit),), **effects(board, nodes[-1]),
                   **proof(pairs))
        return
    yield Step(CYCLE_NAMES[links], rating / 10,
               eliminations=cycle_eliminations(board, nodes),
               cells=tuple(dict.fromkeys(cell for cell, _, _ in nodes)),
               candidates=tuple(dict.fromkeys((cell, d) for cell, d, _ in nodes)),
               **proof(pairs))


def cycle_eliminations(board: Board, nodes: list[Node]) -> tuple[tuple[int, int], ...]:
    """A digit leaves the cells outside the cycle that see an on node and an off node of it."""
    cells = {cell for cell, _, _ in nodes}
    seen = {True: set(), False: set()}
    for cell, digit, on in nodes[1:]:
        for peer in bits(board.layout.peers[cell] & board.digit_cells[digit]):
            if peer not in cells:
                seen[on].add((peer, digit))
    return tuple(sorted(seen[True] & seen[False]))
