"""Killer Sudoku: cages as constraints of the logical solver, and the cage techniques.

A cage's cells hold distinct digits summing to its total: a cell keeps only the digits of
some filling of the cage that its candidates allow (Cage Combination). The 45 rule: a set of
k whole rows, columns or boxes sums to k times 1+...+n; the cages inside it account for part
of that, so the cells left over (innies) sum to the rest, and the cells of the cages that
stick out (outies) to the surplus: each is a virtual cage, filled the same way (its cells may
repeat a digit where they do not see each other). A digit every filling of a cage uses is
in one of its places there (Cage Forced Digit). SE rates no killer: the ratings are ours.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..puzzle.model import SudokuGrid
from ..records import record
from . import uniqueness, uniqueness_types
from .board import BOX, COLUMN, ROW, Board, bits
from .steps import Step
from .techniques import Technique

COMBINATION, INNIES_ONE, FORCED, INNIES_MORE = 2.4, 2.7, 2.9, 3.1  # ours (SE has no killer)
UNIQUENESS_MODULES = (uniqueness.__name__, uniqueness_types.__name__)
MAX_VIRTUAL = 5  # virtual cages of more cells are left alone (too weak, too slow)


@record
class Sum:
    """Cells whose digits sum to `total`; `distinct` for a cage (no digit twice)."""
    cells: tuple[int, ...]
    total: int
    distinct: bool


class KillerBoard(Board):
    """A board that knows its cages (as sums its cells must make)."""
    cages: tuple[Sum, ...] = ()

    def copy(self) -> KillerBoard:
        other = KillerBoard.__new__(KillerBoard)
        other.__dict__.update(Board.copy(self).__dict__)
        other.cages = self.cages
        return other


def killer_board(grid: SudokuGrid) -> KillerBoard:
    board = KillerBoard.__new__(KillerBoard)
    board.__dict__.update(Board.from_grid(grid).__dict__)
    board.cages = tuple(Sum(cage.cells, cage.total, True) for cage in grid.cages)
    return board


def fillings_allow(board: Board, group: Sum) -> list[int]:
    """Per cell of `group`, the candidates used by some filling of it (its placed cells
    count with their value)."""
    options = [1 << (board.values[cell] - 1) if board.values[cell] else board.candidates[cell]
               for cell in group.cells]
    if group.distinct:
        return _distinct_fillings(options, group.total)
    return _repeating_fillings(board, group, options)


def _reached(options: list[int]) -> list[set[int]]:
    """The sets of distinct digits the first i cells can hold, for each i (a few hundred
    sets, whatever the cage's size)."""
    reached = [{0}]
    for cell_options in options:
        reached.append({used | 1 << bit for used in reached[-1]
                        for bit in bits(cell_options & ~used)})
    return reached


def _distinct_fillings(options: list[int], total: int) -> list[int]:
    """Distinct digits: the sets the cells can reach, forward, then back from those that make
    the total."""
    reached = _reached(options)
    alive = {used for used in reached[-1] if _digit_sum(used) == total}
    allowed = [0] * len(options)
    for index in range(len(options) - 1, -1, -1):
        before = set()
        for used in reached[index]:
            for bit in bits(options[index] & ~used):
                if used | 1 << bit in alive:
                    allowed[index] |= 1 << bit
                    before.add(used)
        alive = before
    return allowed


def _digit_sum(digits: int) -> int:
    return sum(bit + 1 for bit in bits(digits))


def _repeating_fillings(board: Board, group: Sum, options: list[int]) -> list[int]:
    """A virtual cage (at most MAX_VIRTUAL cells): a digit may repeat in cells that do not
    see each other; every filling is tried."""
    cells, peers = group.cells, board.layout.peers
    allowed = [0] * len(cells)
    chosen: list[int] = []

    def fill(index: int, left: int) -> None:
        if index == len(cells):
            if not left:
                for position, digit in enumerate(chosen):
                    allowed[position] |= 1 << (digit - 1)
            return
        for bit in bits(options[index]):
            digit = bit + 1
            if digit > left or any(d == digit and peers[cells[index]] >> cells[other] & 1
                                   for other, d in enumerate(chosen)):
                continue
            chosen.append(digit)
            fill(index + 1, left - digit)
            chosen.pop()

    fill(0, group.total)
    return allowed


def _restrict(board: Board, group: Sum) -> tuple[tuple[int, int], ...]:
    allowed = fillings_allow(board, group)
    return tuple((cell, bit + 1) for cell, keep in zip(group.cells, allowed)
                 if not board.values[cell] for bit in bits(board.candidates[cell] & ~keep))


def cage_combinations(board: Board) -> Iterator[Step]:
    """Candidates no filling of their cage uses."""
    for cage in getattr(board, "cages", ()):
        removed = _restrict(board, cage)
        if removed:
            yield Step("Cage Combination", COMBINATION, eliminations=removed, cells=cage.cells,
                       houses=(f"cage of {cage.total}",))


def cage_forced_digits(board: Board) -> Iterator[Step]:
    """A digit every filling of a cage uses is in one of its places in the cage: a cell
    seeing all of them loses it (as pointing does for a box)."""
    for cage in getattr(board, "cages", ()):
        options = [1 << (board.values[cell] - 1) if board.values[cell]
                   else board.candidates[cell] for cell in cage.cells]
        sets = [used for used in _reached(options)[-1] if _digit_sum(used) == cage.total]
        required = -1 if sets else 0
        for used in sets:
            required &= used
        for bit in bits(required):
            digit = bit + 1
            if any(board.values[cell] == digit for cell in cage.cells):
                continue
            places = [cell for cell in cage.cells if board.candidates[cell] >> bit & 1]
            seen = board.digit_cells[digit]
            for cell in places:
                seen &= board.layout.peers[cell]
            seen &= ~sum(1 << cell for cell in cage.cells)
            if seen:
                yield Step("Cage Forced Digit", FORCED, cells=cage.cells,
                           eliminations=tuple((cell, digit) for cell in bits(seen)),
                           candidates=tuple((cell, digit) for cell in places),
                           houses=(f"cage of {cage.total}",))


def innies_outies(board: Board) -> Iterator[Step]:
    """The 45 rule on each row, column and box, then on two or three neighbouring lines."""
    for houses in _house_unions(board):
        for group, name in _virtual_cages(board, houses):
            removed = _restrict(board, group)
            if removed:
                rating = INNIES_ONE if len(houses) == 1 else INNIES_MORE
                yield Step(name, rating, eliminations=removed, cells=group.cells,
                           houses=tuple(board.layout.houses[h].name for h in houses))


def _house_unions(board: Board) -> Iterator[tuple[int, ...]]:
    layout = board.layout
    by_kind = {kind: [h for h, house in enumerate(layout.houses) if house.kind == kind]
               for kind in (BOX, ROW, COLUMN)}
    for kind in (BOX, ROW, COLUMN):
        for h in by_kind[kind]:
            yield (h,)
    for kind in (ROW, COLUMN):
        lines = by_kind[kind]
        for width in (2, 3):
            for start in range(len(lines) - width + 1):
                yield tuple(lines[start:start + width])


def _virtual_cages(board: Board, houses: tuple[int, ...]) -> Iterator[tuple[Sum, str]]:
    n = board.n
    area = 0
    for h in houses:
        area |= board.layout.houses[h].mask
    whole = len(houses) * n * (n + 1) // 2
    inside_total, inside_cells, sticking = 0, 0, []
    for cage in board.cages:
        mask = sum(1 << cell for cell in cage.cells)
        if mask & ~area == 0:
            inside_total += cage.total
            inside_cells |= mask
        elif mask & area:
            sticking.append((cage, mask))
    innies = area & ~inside_cells
    if 0 < innies.bit_count() <= MAX_VIRTUAL:
        yield Sum(tuple(bits(innies)), whole - inside_total, False), "Innies (45 rule)"
    covered = inside_cells | sum(mask for _, mask in sticking)
    outies = sum(mask for _, mask in sticking) & ~area
    if sticking and area & ~covered == 0 and 0 < outies.bit_count() <= MAX_VIRTUAL:
        surplus = sum(cage.total for cage, _ in sticking) - (whole - inside_total)
        yield Sum(tuple(bits(outies)), surplus, False), "Outies (45 rule)"


KILLER_TECHNIQUES: tuple[Technique, ...] = (
    Technique("Cage Combination", COMBINATION, cage_combinations),
    Technique("Innies / Outies (45 rule)", INNIES_ONE, innies_outies),
    Technique("Cage Forced Digit", FORCED, cage_forced_digits),
)


def with_cages(techniques: tuple[Technique, ...]) -> tuple[Technique, ...]:
    """`techniques` for a killer: the cage techniques added in rating order, and those that
    assume a swap of two digits keeps a solution (unique rectangles, BUG) left out: a swap
    changes the cages' sums, so their patterns are not deadly there."""
    kept = tuple(technique for technique in techniques
                 if technique.find.__module__ not in UNIQUENESS_MODULES)
    return tuple(sorted(kept + KILLER_TECHNIQUES, key=lambda technique: technique.rating))
