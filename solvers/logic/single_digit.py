"""Single-digit patterns of two strong links: skyscraper, 2-string kite and turbot fish.

A strong link is a house where a digit has exactly two places: one of them holds it. Two
strong links (a1-b1, a2-b2) on the same digit whose ends b1 and b2 see each other cannot
both end on b: so a1 or a2 holds the digit, and a cell seeing both loses it. The name
follows the houses of the links (SukakuExplainer's scale): two rows or two columns make a
skyscraper (4.0), a row and a column a 2-string kite (4.1), any other pair (a box, a jigsaw
region, a diagonal) a turbot fish (4.2). Every house of the layout's table takes part.
"""

from __future__ import annotations

from collections.abc import Iterator

from .board import COLUMN, ROW, Board, House, bits
from .steps import Step

RATINGS = {"Skyscraper": 4.0, "2-String Kite": 4.1, "Turbot Fish": 4.2}


def strong_links(board: Board, digit: int) -> list[tuple[House, int, int]]:
    """(house, cell, cell) of every house where `digit` has exactly two places."""
    links = []
    for house in board.layout.houses:
        places = board.positions(house, digit)
        if places.bit_count() == 2:
            first, second = bits(places)
            links.append((house, first, second))
    return links


def pattern_name(kind1: str, kind2: str) -> str:
    if kind1 == kind2 and kind1 in (ROW, COLUMN):
        return "Skyscraper"
    if {kind1, kind2} == {ROW, COLUMN}:
        return "2-String Kite"
    return "Turbot Fish"


def two_link_patterns(board: Board, wanted: str) -> Iterator[Step]:
    """The steps of the named two-strong-link pattern, digit by digit."""
    peers = board.layout.peers
    for digit in range(1, board.n + 1):
        links = strong_links(board, digit)
        for index, (house1, p1, q1) in enumerate(links):
            for house2, p2, q2 in links[index + 1:]:
                if pattern_name(house1.kind, house2.kind) != wanted \
                        or len({p1, q1, p2, q2}) < 4:
                    continue
                for a1, b1 in ((p1, q1), (q1, p1)):
                    for a2, b2 in ((p2, q2), (q2, p2)):
                        if not peers[b1] >> b2 & 1:
                            continue
                        cells = (a1, b1, b2, a2)
                        removed = peers[a1] & peers[a2] & board.digit_cells[digit]
                        removed &= ~sum(1 << cell for cell in cells)
                        if removed:
                            yield Step(wanted, RATINGS[wanted],
                                       eliminations=tuple((c, digit) for c in bits(removed)),
                                       cells=cells,
                                       candidates=tuple((c, digit) for c in cells),
                                       houses=(house1.name, house2.name),
                                       links=(((a1, digit), (b1, digit)),
                                              ((b2, digit), (a2, digit))))


def skyscrapers(board: Board) -> Iterator[Step]:
    yield from two_link_patterns(board, "Skyscraper")


def two_string_kites(board: Board) -> Iterator[Step]:
    yield from two_link_patterns(board, "2-String Kite")


def turbot_fish(board: Board) -> Iterator[Step]:
    yield from two_link_patterns(board, "Turbot Fish")


def w_wings(board: Board) -> Iterator[Step]:
    """Two cells holding the same two digits x, y that do not see each other, joined by a
    strong link on x (one end sees each cell): one of them is y, so a cell seeing both
    loses y (4.4, our rating: neither SE 1.2.1 nor SukakuExplainer's default rates it)."""
    cands, peers = board.candidates, board.layout.peers
    pairs = [cell for cell, c in enumerate(cands) if c.bit_count() == 2]
    for index, cell1 in enumerate(pairs):
        for cell2 in pairs[index + 1:]:
            if cands[cell1] != cands[cell2] or peers[cell1] >> cell2 & 1:
                continue
            for x in (d + 1 for d in bits(cands[cell1])):
                y = (cands[cell1] & ~(1 << (x - 1))).bit_length()
                removed = peers[cell1] & peers[cell2] & board.digit_cells[y]
                if not removed:
                    continue
                for house, p, q in strong_links(board, x):
                    if {p, q} & {cell1, cell2}:
                        continue
                    for end1, end2 in ((p, q), (q, p)):
                        if peers[cell1] >> end1 & 1 and peers[cell2] >> end2 & 1:
                            cells = (cell1, end1, end2, cell2)
                            yield Step("W-Wing", 4.4,
                                       eliminations=tuple((c, y) for c in bits(removed)),
                                       cells=cells, houses=(house.name,),
                                       candidates=((cell1, x), (cell1, y), (end1, x),
                                                   (end2, x), (cell2, x), (cell2, y)),
                                       links=(((cell1, x), (end1, x)),
                                              ((end2, x), (cell2, x))))
