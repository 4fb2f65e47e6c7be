"""The symmetry plan's canonical check, on a batch of solutions at once (numpy).

A distinct search keeps one solution per class of symmetric solutions: the restricted piece
is offered only its orbit representatives (solvers.placements.symmetry), and when the one a
solution uses is fixed by some symmetries, the solution is kept only when none of those maps
it to a smaller sorted list of rows. The kernels buffer such solutions unchecked and
`ResumableSearch.run` checks them: natively when the build has the compiled check
(kernels/canonical_check.py), else here. Compiled into each kernel, the check cost a first
run 1.2 s of compiling, for a few solutions of a few puzzles (meteor, pentominoes 6x10 and
Mini Bedlam never need it; Soma checks one restricted row).
"""

from __future__ import annotations

import numpy as np

from ..placements.symmetry import SymmetryPlan


def needs_check(plan: SymmetryPlan) -> bool:
    """Whether some solution of the plan may have to be checked: every one when no piece is
    restricted, else those whose restricted row is fixed by a symmetry."""
    if plan.images.shape[0] == 0:
        return False
    return plan.restricted_piece < 0 or plan.check_syms.size > 0


def canonical(paths: np.ndarray, plan: SymmetryPlan, row_piece: np.ndarray,
              absent_start: int = -1) -> np.ndarray:
    """(k,) bool: which of the solutions `paths` (k, pieces) of row indices, in path order,
    are the smallest of their images under the symmetries the plan checks for them (the
    stabiliser of the restricted piece's row, or every symmetry), among the images the
    search could find (their rows all `plan.allowed`). Rows from `absent_start`
    on (if any) are absent rows (copies left off the board)."""
    keep = np.ones(len(paths), dtype=bool)
    if len(paths) == 0 or not needs_check(plan):
        return keep
    if plan.restricted_piece >= 0:
        is_restricted = row_piece[paths] == plan.restricted_piece
        last = paths.shape[1] - 1 - np.argmax(is_restricted[:, ::-1], axis=1)
        restricted_row = paths[np.arange(len(paths)), last]
        first = plan.check_start[restricted_row]
        counts = np.where(is_restricted.any(axis=1),  # as the kernels': none, none checked
                          plan.check_start[restricted_row + 1] - first, 0)
    else:
        first = np.zeros(len(paths), dtype=np.int64)
        counts = np.full(len(paths), plan.images.shape[0])
    compact = _Compact(paths, plan.images, absent_start)
    lowest = compact.real.min(axis=1)
    searched = np.append(plan.allowed, True)  # the padding row too
    restricts_rows = not plan.allowed.all()
    for nth in range(int(counts.max())):
        which = np.flatnonzero((counts > nth) & keep)
        symmetry = (plan.check_syms[first[which] + nth] if plan.restricted_piece >= 0
                    else np.full(len(which), nth))
        images, image_tail = compact.image(which, symmetry)
        smaller = _image_smaller(images, compact.real[which], lowest[which], image_tail,
                                 compact.tail[which])
        if restricts_rows:  # an image the search could not find is no rival
            smaller &= searched[images].all(axis=1)
        keep[which[smaller]] = False
    return keep


class _Compact:
    """Solutions as their real rows, sorted (padded with a row of their own, `n_rows`), and
    a tail that orders their absent rows as the sorted lists would: minus the number of
    copies of each absent row. SolidSixPieceBurrs compares 6 + 25 numbers, not 150."""

    def __init__(self, paths: np.ndarray, images: np.ndarray, absent_start: int) -> None:
        n_rows = images.shape[1]
        self.absent_start = absent_start if 0 <= absent_start < n_rows else n_rows
        real = paths < self.absent_start
        width = max(1, int(real.sum(axis=1).max()))
        marked = np.where(real, paths, n_rows)
        if width < marked.shape[1]:  # the real rows to the front, in linear time
            marked = np.partition(marked, width - 1, axis=1)[:, :width]
        self.real = np.sort(marked, axis=1)
        self.table = np.concatenate([images, np.full((len(images), 1), n_rows, images.dtype)],
                                    axis=1)
        n_absent = n_rows - self.absent_start
        solution, column = np.nonzero(~real)
        flat = solution * n_absent + paths[solution, column] - self.absent_start
        self.tail = -np.bincount(flat, minlength=len(paths) * n_absent).reshape(
            len(paths), n_absent)

    def image(self, which: np.ndarray, symmetry: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(real rows, tail) of the images of solutions `which` under `symmetry` (one each)."""
        real = self.table[symmetry[:, None], self.real[which]]
        moved = self.table[symmetry, self.absent_start:-1] - self.absent_start
        tail = np.empty_like(self.tail[which])
        np.put_along_axis(tail, moved, self.tail[which], axis=1)
        return real, tail


def _image_smaller(images: np.ndarray, paths: np.ndarray, lowest: np.ndarray,
                   image_tail: np.ndarray, tail: np.ndarray) -> np.ndarray:
    """(k,) bool: whether each image's sorted rows come before its solution's (real rows,
    then the tails). The lowest rows decide most: sorting every row list took 2.4 times as
    long (dominoes on 8x8)."""
    image_lowest = images.min(axis=1)
    smaller = image_lowest < lowest
    tied = np.flatnonzero(image_lowest == lowest)
    if len(tied):
        smaller[tied] = _lexically_less(
            np.concatenate([np.sort(images[tied], axis=1), image_tail[tied]], axis=1),
            np.concatenate([paths[tied], tail[tied]], axis=1))
    return smaller


def _lexically_less(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """(k,) bool: row i of `left` comes before row i of `right` in lexical order."""
    differ = left != right
    first = np.argmax(differ, axis=1)
    rows = np.arange(len(left))
    return differ.any(axis=1) & (left[rows, first] < right[rows, first])
