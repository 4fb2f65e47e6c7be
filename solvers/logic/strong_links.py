"""Single-digit chains of strong links with grouped ends: the empty rectangle and the other
grouped two-link patterns, and the three-link patterns (an X-chain of three strong links, or
an X-loop when its ends see each other).

A node is a cell or a group: the places of the digit in a house that all lie in one other
house (a box's places in one row, a row's places in one box). A strong link is a house
whose places of the digit are exactly two nodes: one of them holds it. Two nodes are weakly
linked when every cell of one sees every cell of the other: both cannot hold it. A chain
a1=b1-a2=b2[-a3=b3] proves that a1 or the last b holds the digit, so a cell seeing all of
both loses it. The ratings follow SukakuExplainer's recorded ones (see the guide): 4.3 for a
grouped two-link pattern, 5.5 for three links without a group (loop or not), 5.7 with one.
Plain two-link patterns are single_digit.py's.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..records import record

from .board import BOX, COLUMN, ROW, Board, bits
from .steps import Step

GROUPED_TWO, THREE, GROUPED_THREE = 4.3, 5.5, 5.7


@record
class Link:
    """A strong link of a digit: a house and its two nodes (cell sets) in the order read;
    `grouped` when a node is a group (both kept: the chain scans ask millions of times)."""
    house: str
    kind: str
    start: int
    end: int
    grouped: bool
    nodes: int  # start | end

    @classmethod
    def of(cls, house: str, kind: str, start: int, end: int) -> Link:
        return cls(house, kind, start, end, start.bit_count() > 1 or end.bit_count() > 1,
                   start | end)


def strong_links(board: Board, digit: int) -> list[Link]:
    """Both readings of every strong link of `digit` (nodes that are cells or groups)."""
    links = []
    houses = board.layout.houses
    for house in houses:
        places = board.positions(house, digit)
        if places.bit_count() < 2:
            continue
        nodes = {1 << cell for cell in bits(places)}
        nodes.update(places & other.mask for other in houses if other.kind != house.kind
                     and (places & other.mask).bit_count() >= 2)
        for node in nodes:
            rest = places & ~node
            if node < rest and rest in nodes:
                links.append(Link.of(house.name, house.kind, node, rest))
                links.append(Link.of(house.name, house.kind, rest, node))
    return links


def seen_by_all(board: Board, node: int) -> int:
    """The cells that see every cell of `node`."""
    seen = -1
    for cell in bits(node):
        seen &= board.layout.peers[cell]
    return seen & ((1 << (board.n * board.n)) - 1)


def seen_by(board: Board):
    """seen_by_all on this board, each node computed once (the chain scans ask again)."""
    cache: dict[int, int] = {}

    def seen(node: int) -> int:
        if node not in cache:
            cache[node] = seen_by_all(board, node)
        return cache[node]
    return seen


def two_link_name(first: Link, second: Link) -> str:
    """Empty Rectangle when a box's link has a group; else the plain pattern's name."""
    boxes = [link for link in (first, second) if link.kind == BOX]
    if any(link.grouped for link in boxes):
        return "Empty Rectangle"
    kinds = {first.kind, second.kind}
    if first.kind == second.kind and first.kind in (ROW, COLUMN):
        return "Grouped Skyscraper"
    if kinds == {ROW, COLUMN}:
        return "Grouped 2-String Kite"
    return "Grouped Turbot Fish"


def grouped_two_links(board: Board) -> Iterator[Step]:
    """a1=b1-b2=a2 with a group among the nodes: a cell seeing a1 and a2 is not the digit
    (4.3; the empty rectangle is the case of a box whose places lie in a row and a column)."""
    seen = seen_by(board)
    for digit in range(1, board.n + 1):
        links = strong_links(board, digit)
        for first in links:
            reach, nodes = seen(first.end), first.nodes
            for second in links:
                if not first.house < second.house or not (first.grouped or second.grouped) \
                        or nodes & second.nodes or reach & second.start != second.start:
                    continue
                yield from _step(board, digit, (first, second), two_link_name(first, second),
                                 GROUPED_TWO, seen)


def three_links(board: Board) -> Iterator[Step]:
    """a1=b1-a2=b2-a3=b3 of cells only (5.5)."""
    yield from _three_links(board, grouped=False)


def grouped_three_links(board: Board) -> Iterator[Step]:
    """a1=b1-a2=b2-a3=b3 with a group among its nodes (5.7)."""
    yield from _three_links(board, grouped=True)


def _three_links(board: Board, grouped: bool) -> Iterator[Step]:
    """a1=b1-a2=b2-a3=b3: a cell seeing a1 and b3 is not the digit; when a1 and b3 see each
    other the chain is a loop and each weak link's cells lose it too."""
    seen = seen_by(board)
    for digit in range(1, board.n + 1):
        links = strong_links(board, digit)
        following = {id(link): _following(link, links, seen(link.end)) for link in links}
        for first in links:
            for second in following[id(first)]:
                if second.house == first.house or second.nodes & first.nodes:
                    continue
                used = first.nodes | second.nodes
                for third in following[id(second)]:
                    if third.house in (first.house, second.house) or third.nodes & used:
                        continue
                    chain = (first, second, third)
                    if any(link.grouped for link in chain) != grouped:
                        continue
                    name = "Grouped " if grouped else ""
                    loop = seen(third.end) & first.start == first.start
                    name += "X-Loop (3 Strong Links)" if loop else "3 Strong Links"
                    yield from _step(board, digit, chain, name,
                                     GROUPED_THREE if grouped else THREE, seen, loop)


def _following(link: Link, links: list[Link], reach: int) -> list[Link]:
    """The links that may follow `link` in a chain: another house, its end not among their
    nodes, their start seen by all of its end (`reach`)."""
    return [other for other in links if other.house != link.house
            and not other.nodes & link.end and reach & other.start == other.start]


def _step(board: Board, digit: int, chain: tuple[Link, ...], name: str, rating: float,
          seen, loop: bool = False) -> Iterator[Step]:
    """The step of a chain (nothing when it removes nothing)."""
    nodes = 0
    for link in chain:
        nodes |= link.start | link.end
    removed = seen(chain[0].start) & seen(chain[-1].end)
    if loop:
        for link, after in zip(chain, chain[1:] + chain[:1]):
            removed |= seen(link.end) & seen(after.start)
    removed &= board.digit_cells[digit] & ~nodes
    if not removed:
        return
    cells = tuple(bits(nodes))
    yield Step(name, rating, eliminations=tuple((cell, digit) for cell in bits(removed)),
               cells=cells, candidates=tuple((cell, digit) for cell in cells),
               houses=tuple(link.house for link in chain),
               links=tuple(((min(bits(link.start)), digit), (min(bits(link.end)), digit))
                           for link in chain))
