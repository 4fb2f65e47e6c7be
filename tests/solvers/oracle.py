"""A slow, obviously-correct reference solver, independent of `solvers/` geometry.

It writes out each grid's symmetries by hand (hex through cube coordinates; a triangle through
its three corners, lattice points moved as hex cells are; a stick through its two ends, moved
as square cells are, and two sticks crossing refused after the search), places pieces by
brute force, enumerates every tiling with a dict-of-sets Algorithm X, and counts solution
classes by canonicalising each solution under the board symmetries that map the piece set
onto itself. The engine must agree with it on small puzzles.
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Callable, Iterator

Cell = tuple[int, ...]
Transform = Callable[[Cell], Cell]


KEPT_THIRD = ("triangle", "stick")  # grids whose third coordinate translations keep


# --- symmetries, written out per grid ----------------------------------------------------
def _hex_transforms() -> list[tuple[Transform, bool]]:
    """Axial (q, r) -> cube (x, y, z) = (q, -q-r, r); the 12 symmetries permute the three
    cube coordinates and negate all of them; an odd permutation is a reflection."""
    found = []
    for perm in permutations(range(3)):
        odd = sum(1 for i in range(3) for j in range(i + 1, 3) if perm[i] > perm[j]) % 2
        for sign in (1, -1):
            def transform(cell, perm=perm, sign=sign):
                q, r = cell
                cube = (q, -q - r, r)
                x, _, z = (sign * cube[perm[0]], sign * cube[perm[1]], sign * cube[perm[2]])
                return (x, z)
            # negating all coordinates is a half turn (a rotation)
            found.append((transform, not odd))
    return found


def _signed_permutation_transforms(dims: int) -> list[tuple[Transform, bool]]:
    found = []
    for perm in permutations(range(dims)):
        odd = sum(1 for i in range(dims) for j in range(i + 1, dims) if perm[i] > perm[j]) % 2
        for signs in product((1, -1), repeat=dims):
            negatives = sum(1 for s in signs if s < 0) % 2
            def transform(cell, perm=perm, signs=signs):
                return tuple(signs[i] * cell[perm[i]] for i in range(len(perm)))
            found.append((transform, (odd + negatives) % 2 == 0))
    return found


def corners(cell: Cell) -> frozenset:
    """A triangle (x, y, t) as its three lattice points: t = 0 points up, t = 1 down."""
    x, y, t = cell
    if t == 0:
        return frozenset({(x, y), (x + 1, y), (x, y + 1)})
    return frozenset({(x + 1, y), (x, y + 1), (x + 1, y + 1)})


def from_corners(points) -> Cell:
    """The triangle with these corners: an upward one has a single corner of least a + b
    (its (x, y)); a downward one a single corner of greatest a + b, (x + 1, y + 1)."""
    sums = sorted(a + b for a, b in points)
    if sums[0] < sums[1]:
        x, y = min(points, key=lambda p: p[0] + p[1])
        return (x, y, 0)
    x, y = max(points, key=lambda p: p[0] + p[1])
    return (x - 1, y - 1, 1)


def _triangle_transforms() -> list[tuple[Transform, bool]]:
    return [(lambda cell, move=move: from_corners([move(p) for p in corners(cell)]), rotation)
            for move, rotation in _hex_transforms()]


def stick_ends(cell: Cell) -> frozenset:
    """A stick (x, y, d) as its two lattice points: d = 0 along x, d = 1 along y."""
    x, y, d = cell
    return frozenset({(x, y), (x + 1, y) if d == 0 else (x, y + 1)})


def from_stick_ends(points) -> Cell:
    (x0, y0), (x1, y1) = sorted(points)
    return (x0, y0, 0 if y0 == y1 else 1)


def _stick_transforms() -> list[tuple[Transform, bool]]:
    return [(lambda cell, move=move: from_stick_ends([move(p) for p in stick_ends(cell)]),
             rotation) for move, rotation in _signed_permutation_transforms(2)]


def crossings(rows) -> bool:
    """Whether two of the rows ((piece, sticks) each) pass straight through one lattice
    point: both sticks of a line there in each."""
    seen = set()
    for _piece, cells in rows:
        cells = set(cells)
        through = set()
        for x, y, d in cells:
            if d == 0 and (x + 1, y, 0) in cells:
                through.add((x + 1, y))
            if d == 1 and (x, y + 1, 1) in cells:
                through.add((x, y + 1))
        if seen & through:
            return True
        seen |= through
    return False


def transforms(kind: str) -> list[tuple[Transform, bool]]:
    """(transform, is_rotation) for every point symmetry of the grid."""
    if kind == "hex":
        return _hex_transforms()
    if kind == "triangle":
        return _triangle_transforms()
    if kind == "stick":
        return _stick_transforms()
    return _signed_permutation_transforms(3 if kind in ("cube", "sphere") else 2)


NEIGHBOURS = {
    "hex": [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)],
    "square": [(1, 0), (-1, 0), (0, 1), (0, -1)],
    "cube": [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)],
    # balls of the face-centred cubic lattice (x + y + z even): the 12 touching ones
    "sphere": [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1)
               if abs(a) + abs(b) + abs(c) == 2],
}


def neighbours(kind: str, cell: Cell) -> list[Cell]:
    """The cells sharing an edge with `cell` (triangles: sharing two corners)."""
    if kind == "stick":
        x, y, _ = cell
        near = [(x + dx, y + dy, d) for dx in (-1, 0, 1) for dy in (-1, 0, 1) for d in (0, 1)]
        return [other for other in near
                if other != cell and stick_ends(other) & stick_ends(cell)]
    if kind == "triangle":
        x, y, t = cell
        near = [(x + dx, y + dy, 1 - t) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        return [other for other in near if len(corners(other) & corners(cell)) == 2]
    return [tuple(c + s for c, s in zip(cell, step)) for step in NEIGHBOURS[kind]]


def normalised(cells, kind: str = "") -> frozenset:
    cells = list(cells)
    axes = 2 if kind in KEPT_THIRD else len(cells[0])
    low = [min(c[axis] for c in cells) for axis in range(axes)] + [0] * (len(cells[0]) - axes)
    return frozenset(tuple(v - l for v, l in zip(c, low)) for c in cells)


def flat_in_space(cells) -> bool:
    """Whether a piece of balls lies in one plane: turning it over in space is then a
    rotation (the mirror in its own plane leaves it as it is), so it needs no mirror."""
    cells = list(cells)
    edges = [tuple(a - b for a, b in zip(c, cells[0])) for c in cells[1:]]
    return not any(u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0])
                   + u[2] * (v[0] * w[1] - v[1] * w[0]) for u in edges for v in edges for w in edges)


def allowed_shapes(kind: str, cells, mirror: bool) -> frozenset:
    """Every normalised oriented shape the piece may take (a flat piece of balls: mirrored
    too, see flat_in_space)."""
    mirror = mirror or (kind == "sphere" and flat_in_space(cells))
    return frozenset(normalised(map(t, cells), kind) for t, rotation in transforms(kind)
                     if mirror or rotation)


def shifted(kind: str, cell: Cell, anchor: Cell, target: Cell) -> Cell | None:
    """`cell` moved as the translation taking `anchor` to `target` moves it; None when no
    translation does (a triangle never turns from up to down by moving)."""
    if kind in KEPT_THIRD:
        if anchor[2] != target[2]:
            return None
        return (cell[0] - anchor[0] + target[0], cell[1] - anchor[1] + target[1], cell[2])
    return tuple(c - a + t for c, a, t in zip(cell, anchor, target))


# --- Algorithm X -------------------------------------------------------------------------
def placements(kind: str, board, pieces) -> list[tuple[int, frozenset]]:
    """(piece type, covered cells) for every way each piece fits on the board."""
    board = set(board)
    found = set()
    for index, (cells, _count, mirror) in enumerate(pieces):
        for shape in allowed_shapes(kind, cells, mirror):
            anchor = min(shape)
            for target in board:
                if kind in KEPT_THIRD and target[2] != anchor[2]:
                    continue
                moved = frozenset(shifted(kind, cell, anchor, target) for cell in shape)
                if moved <= board:
                    found.add((index, moved))
    return sorted(found, key=lambda p: (p[0], sorted(p[1])))


def all_solutions(kind: str, board, pieces) -> list[frozenset]:
    """Every tiling of the board using each piece type exactly `count` times, each as a
    frozenset of (piece type, cells)."""
    counts = [count for _cells, count, _mirror in pieces]
    found = tilings(board, placements(kind, board, pieces), counts, lambda cells: cells)
    return [s for s in found if not crossings(s)] if kind == "stick" else found


def tilings(board, rows, counts: list[int], cells_of: Callable) -> list[frozenset]:
    """Every set of `rows` ((piece type, placement) each, `cells_of(placement)` its cells)
    covering the board exactly with each piece type `counts[type]` times, as frozensets of
    rows."""
    by_cell: dict = {}  # the rows covering each cell, with their cells
    for piece, placed in rows:
        cells = frozenset(cells_of(placed))
        for cell in cells:
            by_cell.setdefault(cell, []).append((piece, placed, cells))
    remaining = list(counts)
    solutions: list[frozenset] = []

    def search(free: set, chosen: list) -> None:
        if not free:
            if not any(remaining):
                solutions.append(frozenset(chosen))
            return
        for piece, placed, cells in by_cell.get(min(free), []):
            if remaining[piece] and cells <= free:
                remaining[piece] -= 1
                chosen.append((piece, placed))
                search(free - cells, chosen)
                chosen.pop()
                remaining[piece] += 1

    search(set(board), [])
    return solutions


# --- counting up to symmetry -------------------------------------------------------------
def board_symmetries(kind: str, board, pieces, mode: str) -> list[Callable]:
    """Solution maps for the symmetries that identify solutions in `mode`: each maps the
    board onto itself and every piece type's allowed shapes onto some type's (a bijection
    that keeps counts)."""
    kinds = [(allowed_shapes(kind, cells, mirror), count) for cells, count, mirror in pieces]
    normalise = lambda cells: normalised(cells, kind)  # noqa: E731
    maps = []
    for transform, move in board_moves(kind, board, mode):
        if mode == "all" and maps:
            break
        perm = piece_permutation(kinds, lambda shape, t=transform: normalise(map(t, shape)))
        if perm is not None:
            maps.append(lambda solution, move=move, perm=perm: frozenset(
                (perm[piece], frozenset(map(move, cells))) for piece, cells in solution))
    return maps


def board_moves(kind: str, board, mode: str):
    """(transform, move) for each transform of the grid `mode` allows ("all": every one, as
    the caller stops), `move` being it shifted to map the board onto itself; transforms that
    cannot map the board onto itself are left out."""
    board = frozenset(board)
    for transform, rotation in transforms(kind):
        if mode == "rotations" and not rotation:
            continue
        image = [transform(c) for c in board]
        axes = 2 if kind in KEPT_THIRD else len(image[0])
        shift = [min(c[a] for c in board) - min(c[a] for c in image) for a in range(axes)]
        shift += [0] * (len(image[0]) - axes)
        move = lambda cell, t=transform, s=shift: tuple(v + d for v, d in zip(t(cell), s))
        if frozenset(map(move, board)) == board:
            yield transform, move


def piece_permutation(kinds, moved: Callable) -> list[int] | None:
    """How a transform permutes the piece kinds ((shapes, count) each), `moved(shape)` being
    a shape's normalised image; None when it maps some kind onto no kind or onto several."""
    perm = []
    for shapes, count in kinds:
        image = frozenset(moved(shape) for shape in shapes)
        matches = [j for j, (other, other_count) in enumerate(kinds)
                   if other == image and other_count == count]
        if len(matches) != 1:
            return None
        perm.append(matches[0])
    return perm if sorted(perm) == list(range(len(kinds))) else None


def count_classes(solutions: list[frozenset], maps: list[Callable]) -> int:
    def key(solution):
        return sorted((piece, sorted(cells)) for piece, cells in solution)
    canonical = {min((key(m(s)) for m in maps), key=lambda k: k).__repr__() for s in solutions}
    return len(canonical)


def oracle_counts(kind: str, board, pieces) -> dict[str, int]:
    """{'all': n, 'rotations': n, 'distinct': n}. `pieces`: (cells, count, mirror) each."""
    solutions = all_solutions(kind, board, pieces)
    return {mode: count_classes(solutions, board_symmetries(kind, board, pieces, mode))
            for mode in ("all", "rotations", "distinct")}


def iter_cells(box: tuple[int, ...]) -> Iterator[Cell]:
    return product(*(range(n) for n in box))


# --- secondary items: optional cells and piece ranges ------------------------------------
def all_solutions_secondary(kind: str, board, pieces, optional=()) -> list[frozenset]:
    """Every way to cover the board's cells but `optional` exactly once (the optional ones
    at most once) with each piece type used between its fewest and most copies. `pieces`:
    (cells, (fewest, most), mirror) each. The lowest undecided cell is covered by a row whose
    lowest cell it is, or (optional only) left empty, so every solution is met once."""
    rows = placements(kind, board, [(cells, most, mirror) for cells, (_f, most), mirror in pieces])
    by_lowest: dict = {}
    for piece, cells in rows:
        by_lowest.setdefault(min(cells), []).append((piece, cells))
    optional = frozenset(optional)
    used = [0] * len(pieces)
    solutions: list[frozenset] = []

    def search(undecided: list, free: set, chosen: list) -> None:
        if not undecided:
            if all(f <= n for n, (_c, (f, _m), _mi) in zip(used, pieces)):
                solutions.append(frozenset(chosen))
            return
        cell, rest = undecided[0], undecided[1:]
        if cell not in free:
            search(rest, free, chosen)
            return
        if cell in optional:
            search(rest, free, chosen)
        for piece, cells in by_lowest.get(cell, []):
            if used[piece] < pieces[piece][1][1] and cells <= free:
                used[piece] += 1
                chosen.append((piece, cells))
                search(rest, free - cells, chosen)
                chosen.pop()
                used[piece] -= 1

    search(sorted(board), set(board), [])
    return solutions


def oracle_counts_secondary(kind: str, board, pieces, optional=()) -> dict[str, int]:
    """{'all', 'rotations', 'distinct'} counts: symmetries must also map the optional cells
    onto themselves (a piece's range is part of its kind, as its count is)."""
    solutions = all_solutions_secondary(kind, board, pieces, optional)
    optional = frozenset(optional)
    counts = {}
    for mode in ("all", "rotations", "distinct"):
        maps = [m for m in board_symmetries(kind, board, pieces, mode)
                if frozenset(cell for _p, cells in m(frozenset({(0, optional)}))
                             for cell in cells) == optional]
        counts[mode] = count_classes(solutions, maps)
    return counts
