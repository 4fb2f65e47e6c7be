"""Every solution from the distinct ones: 'all' and 'rotations' by expanding orbits.

A distinct search finds one solution per class of the board's symmetry group G (the symmetries
that map the board and the piece set onto themselves). The class is the solution's orbit: its
images under G, fewer than |G| when the solution is symmetric (its stabiliser is the group of
symmetries fixing it). So 'all' is the union of the orbits, and 'rotations' keeps one member
of each orbit of the rotation subgroup inside them; neither needs the bigger search tree.

Solutions are sorted rows of placement indices; `images[s]` maps each placement to its image
under the s-th symmetry of G (identity first). Whole batches are expanded at once: the images
of k solutions are sorted together (numpy's lexsort), so duplicates sit side by side.

A few hundred solutions are expanded with numpy alone: the kernels (solvers/kernels/orbits.py)
pay their load, about 0.3 s for a process's first numba kernel, only on larger batches.
"""

from __future__ import annotations

import numpy as np

from ..kernels import native
from ..placements.compile import Placements
from ..placements.hashes import random_keys
from ..placements.row_images import row_images
from ..placements.symmetry import BoardSymmetry, board_symmetries
from ..puzzle.grids import is_rotation
from ..puzzle.model import Puzzle


NUMPY_IMAGES = 1 << 18  # placements in a batch's images that numpy handles (about 2 MB)


class OrbitExpander:
    """Turns batches of distinct solutions into the solutions of `mode` ('all' or
    'rotations')."""

    def __init__(self, puzzle: Puzzle, placements: Placements, mode: str,
                 symmetries: list[BoardSymmetry] | None = None,
                 images: np.ndarray | None = None) -> None:
        """`symmetries`, `images`: the distinct mode's board symmetries and their row images
        (`row_images`) when the caller has them already."""
        if mode not in ("all", "rotations"):
            raise ValueError(f"orbits expand to 'all' or 'rotations', not {mode!r}")
        if symmetries is None:
            symmetries = board_symmetries(puzzle, "distinct")
        if images is None:
            images = row_images(placements, symmetries)
        self.mode = mode
        self.group_size = len(symmetries)
        identity = np.arange(placements.n_rows, dtype=np.int32)[None, :]
        self.images = np.concatenate([identity, images])
        self.rotations = self.images[[is_rotation(s.matrix) for s in symmetries]]
        row_hash = random_keys(placements.n_rows)
        self._image_hashes = row_hash[self.images]  # (g, R): each row's image's hash
        self._rotation_hashes = row_hash[self.rotations]

    def expand(self, distinct: np.ndarray) -> np.ndarray:
        """(k, pieces) rows of distinct solutions -> (m, pieces) sorted rows of every solution
        of the mode they stand for, each orbit's members together."""
        distinct = np.ascontiguousarray(distinct, dtype=np.int32)
        if len(distinct) == 0:
            return distinct.reshape(0, distinct.shape[-1] if distinct.ndim == 2 else 0)
        keep = _first_images(distinct, self.images, self._image_hashes)
        members = _sorted_images(self.images, distinct, keep)
        if self.mode == "rotations":
            members = members[_is_least_of_its_images(members, self.rotations)]
        return members

    def count(self, distinct: np.ndarray) -> int:
        """How many solutions of the mode the distinct solutions stand for."""
        return int(self.counts(distinct).sum())

    def counts(self, distinct: np.ndarray) -> np.ndarray:
        """(k,) how many solutions of the mode each distinct solution stands for."""
        distinct = np.ascontiguousarray(distinct, dtype=np.int32)
        if len(distinct) == 0:
            return np.zeros(0, dtype=np.int64)
        orbit_sizes = _first_images(distinct, self.images, self._image_hashes).sum(axis=1)
        if self.mode == "all":
            return orbit_sizes
        # the rotations are a normal subgroup of G: the members of an orbit have rotation
        # orbits of one size, and the orbit splits into whole rotation orbits
        rotation_sizes = _first_images(distinct, self.rotations,
                                       self._rotation_hashes).sum(axis=1)
        return orbit_sizes // rotation_sizes


def _first_images(solutions: np.ndarray, images: np.ndarray,
                  image_hashes: np.ndarray) -> np.ndarray:
    """(k, g) bool: whether the s-th image of each solution under the table `images` (g, R)
    differs from its images before it, so each different image is marked once.
    `image_hashes` (g, R): a random 64-bit hash of each row's image.

    Most solutions are not symmetric: their g images are all different. An image's hash (the
    sum of its rows' random hashes, whatever their order) tells them apart without sorting
    rows: a solution whose g hashes all differ has g different images, exactly. Only
    solutions with a repeated hash (symmetric ones, or a collision) are compared row by row."""
    hashes = _image_hashes(image_hashes, solutions)  # (k, g)
    ranked = np.sort(hashes, axis=1)
    repeated = np.any(ranked[:, 1:] == ranked[:, :-1], axis=1)
    first = np.ones(hashes.shape, dtype=bool)
    if repeated.any():
        first[repeated] = _first_images_compared(solutions[repeated], images)
    return first


def _image_hashes(image_hashes: np.ndarray, solutions: np.ndarray) -> np.ndarray:
    """(k, g) uint64: the hash of each solution's image under each symmetry (wrapping sums)."""
    if solutions.size * len(image_hashes) <= NUMPY_IMAGES:
        return image_hashes[:, solutions].sum(axis=2, dtype=np.uint64).T
    return native.kernel("orbits").image_hashes_of(image_hashes, solutions)


def _sorted_images(images: np.ndarray, solutions: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """(m, pieces) int32: the kept images (`keep` (k, g) bool) of each solution, owner by owner
    and in table order within an owner, each row sorted."""
    if solutions.size * len(images) <= NUMPY_IMAGES:
        return np.sort(images[:, solutions], axis=2).transpose(1, 0, 2)[keep].astype(np.int32)
    return native.kernel("orbits").sorted_images(images, solutions, keep)


def _first_images_compared(solutions: np.ndarray, images: np.ndarray) -> np.ndarray:
    """`_first_images` by comparing the sorted image rows themselves."""
    k, pieces = solutions.shape
    g = len(images)
    found = np.sort(images[:, solutions], axis=2).transpose(1, 0, 2).reshape(k * g, pieces)
    owner = np.repeat(np.arange(k), g)
    order = np.lexsort([found[:, c] for c in reversed(range(pieces))] + [owner])
    ranked, ranked_owner = found[order], owner[order]
    first = np.ones(k * g, dtype=bool)
    first[1:] = (ranked_owner[1:] != ranked_owner[:-1]) | np.any(ranked[1:] != ranked[:-1], axis=1)
    marked = np.zeros(k * g, dtype=bool)
    marked[order[first]] = True  # lexsort is stable: the earliest of equal images
    return marked.reshape(k, g)


def _is_least_of_its_images(solutions: np.ndarray, images: np.ndarray) -> np.ndarray:
    """(k,) bool: whether each solution is the lexicographically least of its images under
    the group `images`: exactly one member of every orbit of that group is."""
    k, pieces = solutions.shape
    g = len(images)
    found = np.sort(images[:, solutions], axis=2).transpose(1, 0, 2).reshape(k * g, pieces)
    owner = np.repeat(np.arange(k), g)
    order = np.lexsort([found[:, c] for c in reversed(range(pieces))] + [owner])
    least = found[order][np.searchsorted(owner[order], np.arange(k))]
    return np.all(least == solutions, axis=1)
