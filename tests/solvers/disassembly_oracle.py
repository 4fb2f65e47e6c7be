"""A slow, plain disassembler, the oracle of the fast one: written from the rules alone
(BurrTools' rules: any set of pieces slides along an axis by whole units, each distance one
move; a set that can slide arbitrarily far is separated), with none of its tables or
shortcuts. It looks along each cell's line for what is ahead, tries every subset of pieces,
and to decide whether an assembly comes apart it tries every separation of every reachable
state, instead of trusting that the first one found is as good as any.

Pieces are sets of (x, y, z) cells, in place: the assembly.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations

DIRECTIONS = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def _shifted(cells, offset):
    return {(x + offset[0], y + offset[1], z + offset[2]) for x, y, z in cells}


def _occupied(pieces, offsets, which):
    cells = set()
    for p in which:
        cells |= _shifted(pieces[p], offsets[p])
    return cells


def _reach(pieces, offsets, moving, direction) -> int | None:
    """How many units `moving` slides along `direction` before a cell of it meets a cell of
    the others on its line; None: for good (nothing is ahead of it)."""
    axis = next(a for a in range(3) if direction[a])
    sign = direction[axis]
    others = [p for p in range(len(pieces)) if p not in moving and p in offsets]
    lines: dict = {}
    for cell in _occupied(pieces, offsets, others):
        lines.setdefault(cell[:axis] + cell[axis + 1:], []).append(cell[axis] * sign)
    reach = None
    for cell in _occupied(pieces, offsets, moving):
        here = cell[axis] * sign
        ahead = [there - here - 1 for there in lines.get(cell[:axis] + cell[axis + 1:], ())
                 if there > here]
        if ahead:
            reach = min(ahead) if reach is None else min(reach, min(ahead))
    return reach


def _moves(pieces, offsets, members):
    """(set, direction, distance or None) of every move of the part `members` at `offsets`."""
    first = members[0]
    rest = members[1:]
    for size in range(1, len(members)):
        for moving in combinations(rest, size):  # sets without the first: the rest is the same
            for direction in DIRECTIONS:
                reach = _reach(pieces, {p: offsets[p] for p in members}, set(moving), direction)
                if reach is None or reach > 0:
                    yield moving, direction, reach
    del first


def _key(offsets, members):
    base = offsets[members[0]]
    return tuple(tuple(offsets[p][a] - base[a] for a in range(3)) for p in members)


class TooBig(Exception):
    """The oracle met more states than it was allowed: the case is too big for it."""


MAX_STATES = 3000  # states of one part the oracle walks before it gives up (TooBig)
MAX_WALKED = 6_000  # states walked in all, over every part tried, for one question
_walked = [0]


def _states(pieces, offsets, members):
    """Every state of the part reachable from `offsets`, breadth first: (offsets, moves)."""
    start = {p: tuple(offsets[p]) for p in members}
    seen = {_key(start, members)}
    queue = deque([(start, 0)])
    while queue:
        _walked[0] += 1
        if len(seen) > MAX_STATES or _walked[0] > MAX_WALKED:
            raise TooBig(f"more than {MAX_STATES} states of a part or {MAX_WALKED} in all")
        state, depth = queue.popleft()
        yield state, depth
        for moving, direction, reach in _moves(pieces, state, members):
            if reach is None:
                continue
            for units in range(1, reach + 1):
                new = dict(state)
                for p in moving:
                    new[p] = tuple(new[p][a] + direction[a] * units for a in range(3))
                key = _key(new, members)
                if key not in seen:
                    seen.add(key)
                    queue.append((new, depth + 1))


def separations(pieces, offsets, members):
    """(state, moves to reach it, the set that slides out) of every separation, breadth first."""
    for state, depth in _states(pieces, offsets, members):
        for moving, direction, reach in _moves(pieces, state, members):
            if reach is None:
                yield state, depth, moving


def first_separation(pieces) -> int | None:
    """The fewest moves (the removal included) to separate the assembly, or None."""
    _walked[0] = 0
    members = list(range(len(pieces)))
    offsets = {p: (0, 0, 0) for p in members}
    for _, depth, _ in separations(pieces, offsets, members):
        return depth + 1
    return None


def comes_apart(pieces, groups=None, offsets=None, members=None) -> bool:
    """Whether some sequence of moves and separations leaves every piece alone, or in a part
    whose pieces share a group (`groups[p]`: a set of group names); every separation of every
    reachable state is tried."""
    if members is None:
        _walked[0] = 0
    members = list(range(len(pieces))) if members is None else members
    offsets = {p: (0, 0, 0) for p in members} if offsets is None else offsets
    if len(members) == 1:
        return True
    tried = set()
    for state, _, moving in separations(pieces, offsets, members):
        out = tuple(sorted(moving))
        stays = tuple(p for p in members if p not in moving)
        key = (_key(state, members), out)
        if key in tried:
            continue
        tried.add(key)
        if (comes_apart(pieces, groups, state, list(out))
                and comes_apart(pieces, groups, state, list(stays))):
            return True
    if groups is not None:
        shared = set.intersection(*(set(groups[p]) for p in members))
        return bool(shared)
    return False
