"""The brute-force oracle (oracle.py) with colour constraints, written apart from `solvers/`.

A painted shape is a frozenset of (cell, colour) pairs (colour 0: neutral); a piece may lie
any way the grid's symmetries turn it, carrying its paint, translated anywhere on the board
where each painted cell lands on a neutral board cell or one whose colour the rules allow
(no rules: anywhere). Every exact cover is listed, each as a frozenset of (piece type,
painted cells); classes are counted under the board symmetries that keep the board's paint
and map the painted piece kinds onto each other.
"""

from __future__ import annotations

from oracle import (board_moves, count_classes, normalised, piece_permutation, shifted,
                    tilings, transforms)


def painted_normalised(pairs, kind: str) -> frozenset:
    cells = normalised([cell for cell, _ in pairs], kind)
    axes = 2 if kind == "triangle" else len(next(iter(pairs))[0])
    low = [min(cell[a] for cell, _ in pairs) for a in range(axes)]
    low += [0] * (len(next(iter(pairs))[0]) - axes)
    moved = frozenset((tuple(v - m for v, m in zip(cell, low)), colour) for cell, colour in pairs)
    assert {cell for cell, _ in moved} == set(cells)
    return moved


def painted_shapes(kind: str, cells, paint: dict, mirror: bool) -> frozenset:
    """Every normalised painted shape the piece may take."""
    pairs = [(tuple(cell), paint.get(tuple(cell), 0)) for cell in cells]
    return frozenset(painted_normalised([(t(cell), colour) for cell, colour in pairs], kind)
                     for t, rotation in transforms(kind) if mirror or rotation)


def allowed(rules: set, piece_colour: int, board_colour: int) -> bool:
    return (not rules or piece_colour == 0 or board_colour == 0
            or (piece_colour, board_colour) in rules)


def painted_placements(kind: str, board, pieces, board_paint: dict, rules: set) -> list:
    """(piece type, frozenset of (cell, colour)) for every legal way each piece lies.
    `pieces`: (cells, count, mirror, paint dict) each."""
    board = set(board)
    found = set()
    for index, (cells, _count, mirror, paint) in enumerate(pieces):
        for shape in painted_shapes(kind, cells, paint, mirror):
            anchor = min(cell for cell, _ in shape)
            for target in board:
                if kind == "triangle" and target[2] != anchor[2]:
                    continue
                moved = frozenset((shifted(kind, cell, anchor, target), colour)
                                  for cell, colour in shape)
                if {cell for cell, _ in moved} <= board and all(
                        allowed(rules, colour, board_paint.get(cell, 0)) for cell, colour in moved):
                    found.add((index, moved))
    return sorted(found, key=lambda p: (p[0], sorted(p[1])))


def all_painted_solutions(kind: str, board, pieces, board_paint: dict, rules: set) -> list:
    counts = [count for _cells, count, _mirror, _paint in pieces]
    return tilings(board, painted_placements(kind, board, pieces, board_paint, rules), counts,
                   lambda pairs: (cell for cell, _ in pairs))


def painted_symmetries(kind: str, board, pieces, board_paint: dict, mode: str) -> list:
    """Solution maps for the symmetries identifying solutions in `mode`: each maps the board
    onto itself keeping its paint, and the painted piece kinds onto each other."""
    kinds = [(painted_shapes(kind, cells, paint, mirror), count)
             for cells, count, mirror, paint in pieces]
    maps = []
    for transform, move in board_moves(kind, board, mode):
        if mode == "all" and maps:
            break
        if any(board_paint.get(move(cell), 0) != board_paint.get(cell, 0) for cell in board):
            continue
        perm = piece_permutation(kinds, lambda shape, t=transform: painted_normalised(
            [(t(c), colour) for c, colour in shape], kind))
        if perm is not None:
            maps.append(lambda solution, move=move, perm=perm: frozenset(
                (perm[piece], frozenset((move(c), colour) for c, colour in pairs))
                for piece, pairs in solution))
    return maps


def painted_counts(kind: str, board, pieces, board_paint: dict, rules: set) -> dict[str, int]:
    """{'all', 'rotations', 'distinct'} counts of the painted puzzle."""
    solutions = all_painted_solutions(kind, board, pieces, board_paint, rules)
    return {mode: count_classes(solutions, painted_symmetries(kind, board, pieces, board_paint,
                                                              mode))
            for mode in ("all", "rotations", "distinct")}
