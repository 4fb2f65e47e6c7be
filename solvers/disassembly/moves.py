"""One assembly taken apart move by move: what the player shows and the move list says.

The analysis (analyser.py) records, for each separation, the states of its part relative to
the part's first piece. Here they become moves in the world: in each part the heaviest piece
(its `weight`, then its size) stays put and the others move relative to it, and at a
separation the lighter half leaves, far enough to clear everything else, while the heavier
half stays. `frames[i]` is where every piece copy is after move i (frame 0: assembled), as an
offset from where the assembly put it, so a player interpolates between frames.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ..kernels.status import (ANALYSIS_CURSOR, ANALYSIS_INFO, ANALYSIS_NODES, ANALYSIS_PATHS,
                              BUDGET, CURSOR_LOCKED, CURSOR_NODES, CURSOR_PATHS, LOCKED,
                              SOLUTION)
from ..records import record
from .analyser import STATE_LIMIT, Disassembler, begin_pieces, kernels
from .verdicts import STATUS_WORDS, level_of, level_text, total_moves, tree_of

AXES = "xyz"
_DIRECTION = ((0, 1), (0, -1), (1, 1), (1, -1), (2, 1), (2, -1))  # kernel direction -> axis, sign
CLEARANCE = 2  # free cells between a part that left and everything else


@record
class Move:
    pieces: tuple[int, ...]  # the piece copies that move (numbers into Disassembly.names)
    axis: int  # 0 x, 1 y, 2 z
    sign: int  # +1 or -1
    distance: int  # cells; for a removal, as far as the player takes the half
    removal: bool  # the half leaves for good: a separation
    separation: int  # which separation (in the order they happen) it belongs to
    drifting: tuple[int, ...] = ()  # with a removal: parts that left before, out in its way,
    # pushed on by as much (the player's layout, not a move of the puzzle)

    @property
    def direction(self) -> str:
        return ("+" if self.sign > 0 else "-") + AXES[self.axis]


@record(eq=False)
class Disassembly:
    """How one assembly comes apart (or that it does not: `moves` is then empty)."""

    names: tuple[str, ...]  # each piece copy's name
    types: tuple[int, ...]  # each copy's piece type
    cells: tuple[tuple[tuple[int, int, int], ...], ...]  # each copy's cells, assembled
    status: int
    level: tuple[int, ...]
    moves: tuple[Move, ...]
    frames: np.ndarray  # (len(moves) + 1, copies, 3) int offsets from the assembled places
    locked: tuple[int, ...] = ()  # the copies of a part that cannot come apart

    @property
    def comes_apart(self) -> bool:
        return self.status == SOLUTION

    @property
    def separations(self) -> int:
        return sum(move.removal for move in self.moves)

    def text(self, title: str = "") -> str:
        """The move list as text: a line a move (its pieces, direction and distance;
        "out" when the half leaves), grouped by separation."""
        lines = [title] if title else []
        if not self.comes_apart:
            what = STATUS_WORDS.get(self.status, "")
            if self.locked:
                what += ": " + ", ".join(self.names[p] for p in self.locked) + " stay locked"
            return "\n".join(lines + [f"The assembly {what}."])
        lines.append(f"Level {level_text(self.level)}, {len(self.moves)} moves")
        number = 0
        for separation in range(self.separations):
            moves = [move for move in self.moves if move.separation == separation]
            leaving = next(move for move in moves if move.removal)
            lines.append(f"Separation {separation + 1} ({len(moves)} move"
                         f"{'s' * (len(moves) != 1)}): "
                         f"{', '.join(self.names[p] for p in leaving.pieces)} leave")
            for move in moves:
                number += 1
                distance = "out" if move.removal else str(move.distance)
                lines.append(f"{number:4}. {' '.join(self.names[p] for p in move.pieces)} "
                             f"{move.direction} {distance}")
        return "\n".join(lines)


def take_apart(disassembler: Disassembler, rows: np.ndarray,
               cancel: np.ndarray | None = None) -> Disassembly:
    """The assembly of placement rows `rows`, taken apart with every move recorded."""
    shapes, origins, types = disassembler.pieces_of(rows)
    puzzle = disassembler.puzzle
    cells = [disassembler.cells_of(shape, origin) for shape, origin in zip(shapes, origins)]
    taken = take_apart_pieces(cells, disassembler.groups_by_type[types],
                              [puzzle.pieces[t].weight for t in types],
                              _copy_names(puzzle, types), disassembler.state_limit, cancel)
    if taken.comes_apart and not disassembler.exact_groups:
        stuck = _stuck_parts(taken)
        if not disassembler.groups_allow(types, stuck):
            taken = dataclasses.replace(taken, status=LOCKED, level=(), moves=(),
                                        frames=taken.frames[:1])
    return dataclasses.replace(taken, types=tuple(map(int, types)))


def take_apart_pieces(shapes, groups=None, weights=None, names=None,
                      state_limit: int = STATE_LIMIT,
                      cancel: np.ndarray | None = None) -> Disassembly:
    """An assembly given as its pieces' cells (`shapes`), taken apart with every move
    recorded; `groups[p]` a bit per group of piece p, `weights[p]` its weight (1)."""
    n = len(shapes)
    cancel = np.zeros(1, dtype=np.int64) if cancel is None else cancel
    shapes = tuple(tuple(sorted(tuple(map(int, cell)) for cell in shape)) for shape in shapes)
    state = begin_pieces(shapes, groups, True)
    outcome = BUDGET
    while outcome == BUDGET:
        outcome, _, state = kernels().run(state, state_limit, 1 << 30, cancel, True)
    names = tuple(names) if names is not None else tuple(f"P{p + 1}" for p in range(n))
    cursor = state[ANALYSIS_CURSOR]
    locked_mask = int(cursor[CURSOR_LOCKED]) & ((1 << 64) - 1)
    locked = tuple(p for p in range(n) if locked_mask >> p & 1)
    if outcome != SOLUTION:
        return Disassembly(names, (0,) * n, shapes, int(outcome), (), (),
                           np.zeros((1, n, 3), dtype=np.int64), locked)
    weights = [1] * n if weights is None else list(weights)
    order = [(weights[p], len(shapes[p]), -p) for p in range(n)]
    moves, frames = _world_moves(state[ANALYSIS_NODES][:cursor[CURSOR_NODES]],
                                 state[ANALYSIS_PATHS][:cursor[CURSOR_PATHS]].astype(np.int64),
                                 order, shapes)
    tree = tree_of(np.concatenate([[0], state[ANALYSIS_INFO]]))
    assert total_moves(tree) == len(moves)
    return Disassembly(names, (0,) * n, shapes, SOLUTION, level_of(tree), tuple(moves),
                       np.array(frames), locked)


def _stuck_parts(taken: Disassembly) -> np.ndarray:
    """The masks of the parts a disassembly leaves together (pieces never parted)."""
    parts = [set(range(len(taken.names)))]
    for move in taken.moves:
        if move.removal:
            part = next(part for part in parts if move.pieces[0] in part)
            parts.remove(part)
            parts += [set(move.pieces), part - set(move.pieces)]
    return np.array([sum(1 << p for p in part) for part in parts if len(part) > 1],
                    dtype=np.uint64)


def _copy_names(puzzle, types) -> tuple[str, ...]:
    """Each copy's name: its piece's, numbered when the piece has several copies."""
    seen: dict[int, int] = {}
    names = []
    for t in map(int, types):
        seen[t] = seen.get(t, 0) + 1
        piece = puzzle.pieces[t]
        names.append(piece.name if piece.count == 1 else f"{piece.name}#{seen[t]}")
    return tuple(names)


def _world_moves(nodes: np.ndarray, paths: np.ndarray, weights: list, shapes) -> tuple:
    """(moves, frames) from the recorded separations, in the order they happen."""
    n = len(weights)
    world = np.zeros((n, 3), dtype=np.int64)
    frames = [world.copy()]
    moves: list[Move] = []
    parts = [list(range(n))]  # the pieces that are together now, part by part
    for number, (mask, out_mask, direction, first, length) in enumerate(nodes.tolist()):
        members = [p for p in range(n) if (mask & ((1 << 64) - 1)) >> p & 1]
        leaving_half = {p for p in members if (out_mask & ((1 << 64) - 1)) >> p & 1}
        anchor = max(members, key=lambda p: weights[p])
        states = paths[first:first + length]
        start = world[members].copy()
        origin = states[0][members] - states[0][anchor]
        for t in range(1, length):
            moved = start + (states[t][members] - states[t][anchor]) - origin
            before = world[members].copy()
            world[members] = moved
            moves.append(_move_between(members, before, moved, number))
            frames.append(world.copy())
        axis, sign = _DIRECTION[direction]
        if anchor in leaving_half:  # the heavier half stays: the other one leaves the other way
            leaving_half, sign = set(members) - leaving_half, -sign
        leaving = sorted(leaving_half)
        distance = _clearing_distance(world, shapes, leaving, members, axis, sign)
        drifting = _ahead(world, shapes, parts, members, axis, sign)
        parts.remove(sorted(members))
        parts += [leaving, sorted(set(members) - leaving_half)]
        world[leaving + drifting, axis] += sign * distance
        moves.append(Move(tuple(leaving), axis, sign, distance, True, number, tuple(drifting)))
        frames.append(world.copy())
    return moves, frames


def _move_between(members: list[int], before: np.ndarray, after: np.ndarray,
                  separation: int) -> Move:
    delta = after - before
    moving = np.flatnonzero(np.any(delta != 0, axis=1))
    step = delta[moving[0]]
    axis = int(np.flatnonzero(step)[0])
    return Move(tuple(members[i] for i in moving), axis, 1 if step[axis] > 0 else -1,
                int(abs(step[axis])), False, separation)


def _extent(world: np.ndarray, shapes, pieces, axis: int, sign: int, extreme) -> int:
    """The highest (`max`) or lowest (`min`) coordinate of `pieces` along (axis, sign)."""
    return extreme(sign * (shape[axis] + world[p, axis]) for p in pieces for shape in shapes[p])


def _clearing_distance(world: np.ndarray, shapes, leaving: list[int], members: list[int],
                       axis: int, sign: int) -> int:
    """How far the leaving pieces go along (axis, sign) to clear the rest of their part by
    CLEARANCE cells, and every other piece's reach by as much again."""
    staying = [p for p in members if p not in leaving]
    beyond = _extent(world, shapes, staying, axis, sign, max) + 1 + CLEARANCE
    span = beyond - _extent(world, shapes, members, axis, sign, min)
    return max(1, beyond - _extent(world, shapes, leaving, axis, sign, min)) + span


def _ahead(world: np.ndarray, shapes, parts: list[list[int]], members: list[int], axis: int,
           sign: int) -> list[int]:
    """The pieces of the other parts that lie wholly beyond the part `members` along
    (axis, sign): pushed on with a leaving half, they never stand in its way."""
    front = _extent(world, shapes, members, axis, sign, max)
    return sorted(p for part in parts if part != sorted(members)
                  and _extent(world, shapes, part, axis, sign, min) > front for p in part)
