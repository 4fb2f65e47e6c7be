"""What a puzzle says about taking its assemblies apart: whether to check it, which pieces may
stay together (groups), and which part stays put when two come apart (weights).

- `Puzzle.disassembly`: only assemblies whose pieces can be slid apart count as solutions
  (BurrTools' solutions, as against its assemblies). Cube grid only.
- `Piece.groups`: ((group name, copies), ...): that many copies of the piece belong to the
  group; pieces that cannot be separated are accepted when they all belong to one group
  (BurrTools' piece groups: two pieces glued, or parted only by a rotation). Copies in no
  group must come apart from everything.
- `Piece.weight`: in the move list and the player, of two parts the heavier one stays put
  (a box of weight 2 stays while its contents leave); 1 unless set.

In a file: `"disassembly": true` on the puzzle; on a piece `"group": "A"` (every copy) or
`"groups": [["A", 2], ["B", 1]]`, and `"weight": 2`.
"""

from __future__ import annotations

from typing import Any, Protocol

from .errors import PuzzleError
from .limits import shown

MAX_DISASSEMBLY_PIECES = 64  # copies on the board: one bit each in the disassembler's sets
MAX_GROUPS = 64
MAX_WEIGHT = 1_000_000


class _Piece(Protocol):
    name: str
    cells: tuple
    count: int
    groups: tuple[tuple[str, int], ...]
    weight: int


def normalised_groups(groups: Any) -> tuple[tuple[str, int], ...]:
    """Groups as a sorted tuple of (name, copies); values are checked by `check_piece_rules`."""
    if isinstance(groups, str):
        raise PuzzleError("groups must be pairs (group name, copies)")
    try:
        pairs = [tuple(pair) for pair in groups]
    except TypeError:
        raise PuzzleError(f"groups must be pairs (group name, copies), not {shown(groups)}") \
            from None
    return tuple(sorted(pairs, key=lambda pair: str(pair[0]) if pair else ""))


def check_piece_rules(piece: _Piece, where: str) -> None:
    """PuzzleError naming what is wrong with a piece's groups or weight."""
    weight = piece.weight
    if not isinstance(weight, int) or isinstance(weight, bool) or not 0 <= weight <= MAX_WEIGHT:
        raise PuzzleError(f"{where}: weight must be a whole number from 0 to {MAX_WEIGHT:,}, "
                          f"not {shown(weight)}")
    names: set[str] = set()
    total = 0
    for pair in piece.groups:
        if len(pair) != 2:
            raise PuzzleError(f"{where}: a group is a name and a number of copies, not "
                              f"{shown(list(pair))}")
        name, copies = pair
        if not isinstance(name, str) or not name.strip():
            raise PuzzleError(f"{where}: a group's name must be some text, not {shown(name)}")
        if name in names:
            raise PuzzleError(f"{where}: group {name!r} is listed twice")
        names.add(name)
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            raise PuzzleError(f"{where}: group {name!r} must hold at least 1 copy, not "
                              f"{shown(copies)}")
        total += copies
    if total > piece.count:
        raise PuzzleError(f"{where}: its groups hold {total} copies, but the piece has "
                          f"{piece.count}")


def most_pieces_placed(pieces: tuple[_Piece, ...], board_cells: int) -> int:
    """The most piece copies an assembly can hold: every copy, unless the board fills up
    first (the smallest pieces first, with piece ranges)."""
    placed, room = 0, board_cells
    for piece in sorted(pieces, key=lambda piece: len(piece.cells)):
        fitting = min(piece.count, room // max(1, len(piece.cells)))
        placed += fitting
        room -= fitting * len(piece.cells)
    return placed


def check_disassembly(kind_value: str, pieces: tuple[_Piece, ...], board_cells: int,
                      disassembly: Any) -> None:
    """PuzzleError when a puzzle asks for a disassembly check it cannot have."""
    if not isinstance(disassembly, bool):
        raise PuzzleError(f"disassembly must be true or false, not {shown(disassembly)}")
    if not disassembly:
        return
    if kind_value != "cube":
        raise PuzzleError(f"taking assemblies apart is checked for cube puzzles, not on a "
                          f"{kind_value} grid")
    copies = most_pieces_placed(pieces, board_cells)
    if copies > MAX_DISASSEMBLY_PIECES:
        raise PuzzleError(f"taking assemblies apart is checked for at most "
                          f"{MAX_DISASSEMBLY_PIECES} pieces on the board; this puzzle's "
                          f"assemblies can hold {copies}")
    if len(group_names(pieces)) > MAX_GROUPS:
        raise PuzzleError(f"at most {MAX_GROUPS} piece groups, not {len(group_names(pieces))}")


def group_names(pieces: tuple[_Piece, ...]) -> list[str]:
    """Every group named by the pieces, sorted: group i is bit i of `group_bits`."""
    return sorted({name for piece in pieces for name, _ in piece.groups})


def group_bits(pieces: tuple[_Piece, ...]) -> list[int]:
    """Per piece type, a bit for each group holding some of its copies."""
    index = {name: bit for bit, name in enumerate(group_names(pieces))}
    return [sum(1 << index[name] for name, _ in piece.groups) for piece in pieces]


def groups_are_exact(pieces: tuple[_Piece, ...]) -> bool:
    """Whether every piece type's copies all belong to one group or none: then pieces that
    share a group bit may stay together, with no count of copies to keep."""
    return all(not piece.groups or (len(piece.groups) == 1 and piece.groups[0][1] == piece.count)
               for piece in pieces)


def groups_to_data(piece: _Piece) -> dict[str, Any]:
    """The file keys of a piece's groups and weight (none when they are the defaults)."""
    data: dict[str, Any] = {}
    if len(piece.groups) == 1 and piece.groups[0][1] == piece.count:
        data["group"] = piece.groups[0][0]
    elif piece.groups:
        data["groups"] = [[name, copies] for name, copies in piece.groups]
    if piece.weight != 1:
        data["weight"] = piece.weight
    return data


def groups_from_data(item: dict, count: int, where: str) -> tuple[tuple[str, int], ...]:
    """A piece's groups from its `"group"` or `"groups"` key."""
    if "group" in item and "groups" in item:
        raise PuzzleError(f"{where}: give \"group\" or \"groups\", not both")
    if "group" in item:
        name = item["group"]
        if not isinstance(name, str):
            raise PuzzleError(f"{where}: \"group\" must be a group's name, not {shown(name)}")
        return ((name, count),)
    value = item.get("groups", [])
    if not isinstance(value, list) or not all(isinstance(pair, list) for pair in value):
        raise PuzzleError(f"{where}: \"groups\" must be a list of [name, copies] pairs, not "
                          f"{shown(value)}")
    return normalised_groups(value)
