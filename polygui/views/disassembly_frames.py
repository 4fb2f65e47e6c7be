"""A disassembly (solvers.disassembly.moves) laid over the cube view's voxels, in numpy: where
each piece copy is at any point of the player, between frames too, and what the layers show.

Glossary
- position: a float from 0 (assembled) to the number of moves; at a whole number k the
  pieces are where move k left them (`Disassembly.frames[k]`), between k and k + 1 they are
  on their way, linearly.
- copy: a piece copy of the disassembly (`Disassembly.names`); `copy_label` is the number
  the view gives the same copy (views.cells: labels), found by where the copy lies.
"""

from __future__ import annotations

import math

import numpy as np

from solvers.records import record
from solvers.disassembly.moves import Disassembly

from .cells import EMPTY, CellIndex


@record(eq=False)
class PlayerFrames:
    frames: np.ndarray  # (F, copies, 3) float32 offsets from the assembled places
    copy_label: np.ndarray  # (copies,) the view's label of each copy
    cells: tuple[np.ndarray, ...]  # each copy's assembled cells, (k, 3) int

    @classmethod
    def build(cls, disassembly: Disassembly, index: CellIndex,
              labels: np.ndarray) -> "PlayerFrames":
        """`index` and `labels`: the view's board cells and the copy covering each."""
        cells = tuple(np.array(copy, dtype=np.int64).reshape(-1, 3)
                      for copy in disassembly.cells)
        where = [index.lookup(copy[:1])[0] for copy in cells]
        copy_label = np.array([labels[at] if at >= 0 else EMPTY for at in where],
                              dtype=np.int64)
        return cls(np.asarray(disassembly.frames, dtype=np.float32), copy_label, cells)

    @property
    def last(self) -> int:
        """The last position: the number of moves."""
        return len(self.frames) - 1

    def offsets_at(self, position: float) -> np.ndarray:
        """(copies, 3) where each copy is at `position`, between frames on the straight line."""
        position = min(max(position, 0.0), float(self.last))
        before = int(math.floor(position))
        after = min(before + 1, self.last)
        share = np.float32(position - before)
        return self.frames[before] + share * (self.frames[after] - self.frames[before])

    def label_offsets(self, position: float, labels: int) -> np.ndarray:
        """(labels, 3): the offsets by the view's copy labels (a label no copy has: 0)."""
        offsets = np.zeros((labels, 3), dtype=np.float32)
        known = (self.copy_label >= 0) & (self.copy_label < labels)
        offsets[self.copy_label[known]] = self.offsets_at(position)[known]
        return offsets

    def layer_labels(self, frame: int, index: CellIndex,
                     cell_count: int) -> tuple[np.ndarray, list[int]]:
        """The copy label on every board cell after move `frame` (-1 empty), and the copies
        with a cell outside the board then (the layers cannot show them whole)."""
        labels = np.full(cell_count, EMPTY, dtype=np.int64)
        outside = []
        offsets = self.frames[frame].astype(np.int64)
        for copy, cells in enumerate(self.cells):
            at = index.lookup(cells + offsets[copy])
            labels[at[at >= 0]] = self.copy_label[copy]
            if (at < 0).any():
                outside.append(copy)
        return labels, outside

    def extent_at(self, position: float) -> tuple[np.ndarray, np.ndarray]:
        """(low, high) corners of the box the copies are in at `position` (board
        coordinates, a cell from (x, y, z) to (x + 1, y + 1, z + 1)): what the camera
        keeps in view. It changes smoothly, as the pieces move."""
        offsets = self.offsets_at(position)
        low = np.min([cells.min(axis=0) + offsets[copy] for copy, cells in enumerate(self.cells)],
                     axis=0)
        high = np.max([cells.max(axis=0) + 1 + offsets[copy]
                       for copy, cells in enumerate(self.cells)], axis=0)
        return low, high

    def move_at(self, position: float) -> int:
        """The move under way at `position`, or the last one done (1 the first; 0 none)."""
        return int(math.ceil(min(max(position, 0.0), float(self.last)) - 1e-9))
