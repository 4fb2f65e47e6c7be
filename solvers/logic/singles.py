"""The placing techniques: full house, hidden and naked singles, and Sudoku Explainer's
"direct" techniques (a pointing, claiming or hidden pair/triple that leaves a hidden single,
rated as one step that places it)."""

from __future__ import annotations

from collections.abc import Iterator

from .board import BOX, Board, House, bits, colex_combinations
from .steps import Step


def full_houses(board: Board) -> Iterator[Step]:
    """The last empty cell of a house (1.0)."""
    for house in board.layout.houses:
        if board.empty_cells(house) == 1:
            for digit in range(1, board.n + 1):
                if board.positions(house, digit).bit_count() == 1:
                    yield single_step("Full House", 1.0, board, house, digit)


def hidden_singles_in_boxes(board: Board) -> Iterator[Step]:
    """A digit with one place left in a box or jigsaw region (1.2)."""
    yield from _hidden_singles(board, box=True)


def hidden_singles_in_lines(board: Board) -> Iterator[Step]:
    """A digit with one place left in a row, column or diagonal (1.5)."""
    yield from _hidden_singles(board, box=False)


def _hidden_singles(board: Board, box: bool) -> Iterator[Step]:
    rating = 1.2 if box else 1.5
    for house in board.layout.houses:
        if (house.kind == BOX) == box and board.empty_cells(house) > 1:
            for digit in range(1, board.n + 1):
                if board.positions(house, digit).bit_count() == 1:
                    yield single_step("Hidden Single", rating, board, house, digit)


def single_step(name: str, rating: float, board: Board, house: House, digit: int) -> Step:
    cell = board.positions(house, digit).bit_length() - 1
    return Step(name, rating, placements=((cell, digit),), cells=(cell,),
                candidates=((cell, digit),), houses=(house.name,))


def naked_singles(board: Board) -> Iterator[Step]:
    """A cell with one candidate left (2.3)."""
    for cell, candidates in enumerate(board.candidates):
        if candidates and candidates & (candidates - 1) == 0:
            yield naked_single_step(board, cell)


def naked_single_step(board: Board, cell: int) -> Step:
    digit = board.candidates[cell].bit_length()
    return Step("Naked Single", 2.3, placements=((cell, digit),), cells=(cell,),
                candidates=((cell, digit),))


def locked_candidates(board: Board, direct: bool) -> Iterator[Step]:
    """A digit whose places in one house all lie in a second house leaves the rest of the
    second: pointing (the first is a box) or claiming. Direct: only those that leave a
    hidden single in a house like the first, placed in the same step."""
    layout = board.layout
    for first, second in layout.crossings:
        house1, house2 = layout.houses[first], layout.houses[second]
        for digit in range(1, board.n + 1):
            places = board.positions(house1, digit)
            if places.bit_count() < 2 or places & ~house2.mask:
                continue
            removed = board.positions(house2, digit) & ~house1.mask
            if not removed:
                continue
            if not direct:
                yield locked_step(board, first, second, digit)
                continue
            for index, house3 in enumerate(layout.houses):
                if index == first or house3.kind != house1.kind \
                        or not house3.mask & house2.mask:
                    continue
                places3 = board.positions(house3, digit)
                left = places3 & ~removed
                if places3.bit_count() > 1 and left.bit_count() == 1:
                    yield locked_step(board, first, second, digit, index)


def locked_step(board: Board, first: int, second: int, digit: int,
                third: int | None = None) -> Step:
    """The step of `digit` locked in house `first` within house `second` (houses by index);
    direct when `third` (the house left with a hidden single) is given."""
    house1, house2 = board.layout.houses[first], board.layout.houses[second]
    pointing = house1.kind == BOX
    places = board.positions(house1, digit)
    removed = board.positions(house2, digit) & ~house1.mask
    eliminations = tuple((cell, digit) for cell in bits(removed))
    proof = dict(cells=tuple(bits(places)),
                 candidates=tuple((cell, digit) for cell in bits(places)),
                 houses=(house1.name, house2.name))
    if third is None:
        return Step("Pointing" if pointing else "Claiming", 2.6 if pointing else 2.8,
                    eliminations=eliminations, **proof)
    house3 = board.layout.houses[third]
    cell = (board.positions(house3, digit) & ~removed).bit_length() - 1
    return Step("Direct Pointing" if pointing else "Direct Claiming",
                1.7 if pointing else 1.9, placements=((cell, digit),),
                eliminations=eliminations,
                **dict(proof, houses=proof["houses"] + (house3.name,)))


def direct_pointing(board: Board) -> Iterator[Step]:
    yield from locked_candidates(board, direct=True)


def locking(board: Board) -> Iterator[Step]:
    yield from locked_candidates(board, direct=False)


def hidden_sets(board: Board, size: int, direct: bool) -> Iterator[Step]:
    """`size` digits confined to `size` cells of a house: the cells lose every other digit.
    Direct: only those that leave a hidden single in the house (placed in the same step)."""
    for house in board.layout.houses:
        empty = board.empty_cells(house)
        if empty <= (size if direct else 2 * size):
            continue  # SE: else the complement is a naked set
        open_digits = [d for d in range(1, board.n + 1) if board.positions(house, d)]
        for digits in colex_combinations(open_digits, size):
            places = 0
            for digit in digits:
                places |= board.positions(house, digit)
            if places.bit_count() != size:
                continue
            kept = sum(1 << (digit - 1) for digit in digits)
            if not any(board.candidates[cell] & ~kept for cell in bits(places)):
                continue
            if not direct:
                yield hidden_set_step(board, house, digits)
                continue
            for other in range(1, board.n + 1):
                others = board.positions(house, other)
                if other not in digits and others.bit_count() > 1 \
                        and (others & ~places).bit_count() == 1:
                    yield hidden_set_step(board, house, digits, other)
                    break


HIDDEN_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}
HIDDEN_RATINGS = {(2, True): 2.0, (3, True): 2.5, (2, False): 3.4, (3, False): 4.0,
                  (4, False): 5.4}


def hidden_set_step(board: Board, house: House, digits: tuple[int, ...],
                    other: int | None = None) -> Step:
    """The step of `digits` confined to as many cells of `house`; direct when `other` (the
    digit left with a hidden single in the house) is given."""
    size = len(digits)
    places = 0
    for digit in digits:
        places |= board.positions(house, digit)
    kept = sum(1 << (digit - 1) for digit in digits)
    eliminations = tuple((cell, other_digit) for cell in bits(places)
                         for other_digit in range(1, board.n + 1)
                         if board.candidates[cell] >> (other_digit - 1) & 1
                         and not kept >> (other_digit - 1) & 1)
    proof = dict(cells=tuple(bits(places)), houses=(house.name,),
                 candidates=tuple((cell, digit) for cell in bits(places)
                                  for digit in digits if board.has(cell, digit)))
    name = f"Hidden {HIDDEN_NAMES[size]}"
    if other is None:
        return Step(name, HIDDEN_RATINGS[size, False], eliminations=eliminations, **proof)
    cell = (board.positions(house, other) & ~places).bit_length() - 1
    return Step(f"Direct {name}", HIDDEN_RATINGS[size, True], placements=((cell, other),),
                eliminations=eliminations, **proof)


def direct_hidden_pairs(board: Board) -> Iterator[Step]:
    yield from hidden_sets(board, 2, direct=True)


def direct_hidden_triples(board: Board) -> Iterator[Step]:
    yield from hidden_sets(board, 3, direct=True)
