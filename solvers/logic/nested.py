"""The last resort: nested forcing chains, so that every puzzle with one solution gets a
complete path. A candidate is assumed; singles and dynamic forcing chains (then the (+)
ones) are applied to the board that follows, their conclusions feeding the next; when the
board dies (a cell without candidates, a digit without a place in a house) the candidate is
false. SE's nested levels 4 and 5 work so (dynamic chains inside dynamic chains); the rating
here is their base, 10.5 (inner dynamic chains) or 11.0 (inner (+) chains), without SE's
length increments (an approximation: the hardest puzzles' ratings are lower bounds there).
"""

from __future__ import annotations

from collections.abc import Iterator

from . import forcing, singles
from .board import Board, bits
from .chains import MAX_SIZE
from .steps import Node, Step

INNER_SINGLES = (singles.full_houses, singles.hidden_singles_in_boxes,
                 singles.hidden_singles_in_lines, singles.naked_singles)
MAX_INNER_STEPS = 400


def nested_forcing_chains(board: Board) -> Iterator[Step]:
    """The first candidate (row-major, digits ascending) whose assumption kills the board,
    with inner dynamic chains (10.5), else inner (+) chains (11.0)."""
    if board.n > MAX_SIZE:
        return
    for inner, rating in (((forcing.dynamic,), 10.5), ((forcing.dynamic, forcing.dynamic_plus),
                                                       11.0)):
        for cell, mask in enumerate(board.candidates):
            for bit in bits(mask):
                effects = refutation(board, cell, bit + 1, inner)
                if effects is not None:
                    assumption = (cell, bit + 1, True)
                    chain = tuple((assumption, effect) for effect in effects)
                    yield Step("Nested Forcing Chains", rating, eliminations=((cell, bit + 1),),
                               cells=(cell,), candidates=((cell, bit + 1),), chain=chain,
                               links=tuple(((cell, bit + 1), effect[:2]) for _, effect in chain))
                    return


def refutation(board: Board, cell: int, digit: int, inner) -> list[Node] | None:
    """What the assumption cell = digit forces up to a dead board (None: no contradiction
    found with the inner techniques)."""
    trial = board.copy()
    trial.place(cell, digit)
    forced: list[Node] = []
    for _ in range(MAX_INNER_STEPS):
        if dead(trial):
            return forced
        step = next((step for find in INNER_SINGLES + inner for step in find(trial)), None)
        if step is None:
            return None
        for other, value in step.eliminations:
            trial.eliminate(other, value)
            forced.append((other, value, False))
        for other, value in step.placements:
            if not trial.values[other]:
                trial.place(other, value)
                forced.append((other, value, True))
    return None


def dead(board: Board) -> bool:
    """An empty cell without candidates, or a digit with no place left in a house that
    lacks it."""
    if board.broken:
        return True
    for house in board.layout.houses:
        placed = 0
        for cell in house.cells:
            if board.values[cell]:
                placed |= 1 << (board.values[cell] - 1)
        for digit in range(1, board.n + 1):
            if not placed >> (digit - 1) & 1 and not board.positions(house, digit):
                return True
    return False
