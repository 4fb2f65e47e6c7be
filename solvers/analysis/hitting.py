"""The smallest hitting set: the fewest elements that meet every one of a family of sets.

The uniqueness designer asks it: to leave only solution T, each other solution S must lose
one of the choices it does not share with T (a pinned piece, a given), so the pins are a
hitting set of the sets T minus S. Sets are Python ints used as bitsets over element
numbers. The search deepens the size bound one at a time and branches on an unmet set with
the fewest elements (one of them must be taken), after dropping sets that hold another, so
the first set found is a smallest one.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..puzzle.cancel import CancelCheck, check_cancel


def minimal_family(sets: Iterable[int]) -> list[int]:
    """The distinct sets that hold no other set of the family (a set that holds another is
    met whenever that one is), smallest first."""
    unique = sorted(set(sets), key=lambda s: (s.bit_count(), s))
    kept: list[int] = []
    for candidate in unique:
        if not any(candidate & small == small for small in kept):
            kept.append(candidate)
    return kept


class _OutOfBudget(Exception):
    pass


def hitting_set(sets: Iterable[int], cancel: CancelCheck | None = None,
                budget: int = 2_000_000) -> tuple[list[int], bool] | None:
    """(element numbers of a set meeting every set of `sets`, in increasing order, whether
    it is a smallest one). The exact search visits at most `budget` nodes; past it, the
    greedy choice (the element meeting the most unmet sets, again and again) is returned.
    None when some set is empty: nothing meets it."""
    family = minimal_family(sets)
    if not family:
        return [], True
    if family[0] == 0:
        return None
    visits = [0, budget]
    greedy = _greedy(family)
    try:
        for size in range(1, greedy.bit_count()):
            check_cancel(cancel)
            found = _search(family, 0, size, cancel, visits)
            if found is not None:
                return _elements(found), True
    except _OutOfBudget:
        return _elements(greedy), False
    return _elements(greedy), True  # no smaller set exists


def _elements(bits: int) -> list[int]:
    return [bit for bit in range(bits.bit_length()) if bits >> bit & 1]


def _greedy(family: list[int]) -> int:
    chosen, unmet = 0, list(family)
    while unmet:
        counts: dict[int, int] = {}
        for s in unmet:
            rest = s
            while rest:
                element = rest & -rest
                rest ^= element
                counts[element] = counts.get(element, 0) + 1
        best = max(counts, key=lambda e: (counts[e], -e))
        chosen |= best
        unmet = [s for s in unmet if not s & best]
    return chosen


def _search(family: list[int], chosen: int, room: int, cancel: CancelCheck | None,
            visits: list[int]) -> int | None:
    """A set of at most `room` more elements that, with `chosen`, meets every set."""
    visits[0] += 1
    if visits[0] % 4096 == 0:
        check_cancel(cancel)
    if visits[0] > visits[1]:
        raise _OutOfBudget()
    unmet = [s for s in family if not s & chosen]
    if not unmet:
        return chosen
    if room == 0:
        return None
    smallest = min(unmet, key=int.bit_count)
    if room == 1:  # one element must meet every unmet set
        common = smallest
        for s in unmet:
            common &= s
            if not common:
                return None
        return chosen | (common & -common)
    rest = smallest
    while rest:
        element = rest & -rest
        rest ^= element
        found = _search(unmet, chosen | element, room - 1, cancel, visits)
        if found is not None:
            return found
    return None
