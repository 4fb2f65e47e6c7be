"""The symmetry plan's canonical check, on a batch of solutions at once (numpy).

A distinct search keeps one solution per class of symmetric solutions: the restricted piece
is offered only its orbit representatives (solvers.placements.symmetry), and when the one a
solution uses is fixed by some symmetries, the solution is kept only when none of those maps
it to a smaller sorted list of rows. The kernels buffer such solutions unchecked and
`ResumableSearch.run` checks them here: compiled into each kernel, the check cost a first
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


def canonical(paths: np.ndarray, plan: SymmetryPlan, row_piece: np.ndarray) -> np.ndarray:
    """(k,) bool: which of the solutions `paths` (k, pieces) of row indices, in path order,
    are the smallest of their images under the symmetries the plan checks for them (the
    stabiliser of the restricted piece's row, or every symmetry)."""
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
    lowest = paths.min(axis=1)
    for nth in range(int(counts.max())):
        which = np.flatnonzero((counts > nth) & keep)
        symmetry = (plan.check_syms[first[which] + nth] if plan.restricted_piece >= 0
                    else np.full(len(which), nth))
        images = plan.images[symmetry[:, None], paths[which]]
        keep[which[_image_smaller(images, paths[which], lowest[which])]] = False
    return keep


def _image_smaller(images: np.ndarray, paths: np.ndarray, lowest: np.ndarray) -> np.ndarray:
    """(k,) bool: whether each image's sorted rows come before its solution's. The lowest
    rows decide most: sorting every row list took 2.4 times as long (dominoes on 8x8)."""
    image_lowest = images.min(axis=1)
    smaller = image_lowest < lowest
    tied = np.flatnonzero(image_lowest == lowest)
    if len(tied):
        smaller[tied] = _lexically_less(np.sort(images[tied], axis=1),
                                        np.sort(paths[tied], axis=1))
    return smaller


def _lexically_less(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """(k,) bool: row i of `left` comes before row i of `right` in lexical order."""
    differ = left != right
    first = np.argmax(differ, axis=1)
    rows = np.arange(len(left))
    return differ.any(axis=1) & (left[rows, first] < right[rows, first])
