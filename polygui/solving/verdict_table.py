"""The verdicts of the assemblies a run kept (puzzles whose assemblies must come apart),
compactly: one int32 code per assembly, into a table of the distinct verdict rows.

A run of thousands of assemblies has a handful of distinct verdicts (locked, and a few
separation trees), so the browser's questions — is it a solution, its level, its moves — are
asked of the table once per distinct verdict and looked up per assembly with numpy.
No Qt: the store (store.py) holds one and another thread may read a snapshot of it.
"""

from __future__ import annotations

import numpy as np

from solvers.disassembly.verdicts import STATUS_WORDS, UNANALYSED, level_text, summary
from solvers.kernels.status import LOCKED, SOLUTION

ORDERS = ("found", "level", "moves")  # as found, by level (BurrTools' order), by total moves


class VerdictTable:
    """Verdict rows in the order their assemblies were kept; `extend` as batches arrive."""

    def __init__(self) -> None:
        self._index: dict[bytes, int] = {}  # a verdict row's bytes -> its code
        self._rows: list[np.ndarray] = []  # code -> verdict row
        self._status: list[int] = []
        self._levels: list[tuple[int, ...]] = []
        self._moves: list[int] = []
        self._chunks: list[np.ndarray] = []
        self._codes: np.ndarray | None = np.zeros(0, dtype=np.int32)  # all chunks, cached

    def __len__(self) -> int:
        return sum(len(chunk) for chunk in self._chunks)

    def extend(self, verdicts: np.ndarray) -> None:
        """The verdict rows of the next assemblies kept, (k, width) int32."""
        verdicts = np.ascontiguousarray(verdicts, dtype=np.int32)
        if not len(verdicts):
            return
        distinct, inverse = np.unique(verdicts, axis=0, return_inverse=True)
        codes = np.array([self._code(row) for row in distinct], dtype=np.int32)
        self._chunks.append(codes[inverse.reshape(-1)])
        self._codes = None

    def _code(self, row: np.ndarray) -> int:
        key = row.tobytes()
        code = self._index.get(key)
        if code is None:
            code = self._index[key] = len(self._rows)
            self._rows.append(row.copy())
            self._status.append(int(row[0]))
            level, moves = summary(row) if row[0] == SOLUTION else ((), 0)
            self._levels.append(level)
            self._moves.append(moves)
        return code

    def codes(self) -> np.ndarray:
        """(n,) the code of every assembly kept (one array, cached until more arrive)."""
        if self._codes is None:
            self._codes = (np.concatenate(self._chunks) if self._chunks
                           else np.zeros(0, dtype=np.int32))
        return self._codes

    def copy(self) -> "VerdictTable":
        """A table with the verdicts kept so far, for another thread to read while this one
        grows (the rows and chunks never change once added)."""
        twin = VerdictTable()
        twin._index, twin._rows = dict(self._index), list(self._rows)
        twin._status, twin._levels = list(self._status), list(self._levels)
        twin._moves, twin._chunks = list(self._moves), list(self._chunks)
        twin._codes = None  # worked out from the chunks when asked
        return twin

    # --- one assembly ---------------------------------------------------------------------
    def verdict(self, index: int) -> tuple[int, ...]:
        """Assembly `index`'s verdict row (() when it has none yet)."""
        codes = self.codes()
        return tuple(int(v) for v in self._rows[codes[index]]) if index < len(codes) else ()

    def status(self, index: int) -> int:
        codes = self.codes()
        return self._status[codes[index]] if index < len(codes) else UNANALYSED

    def level(self, index: int) -> tuple[int, ...]:
        return self._levels[self.codes()[index]]

    def moves(self, index: int) -> int:
        return self._moves[self.codes()[index]]

    def describe(self, index: int) -> str:
        """"comes apart: level 98.2.4.2, 108 moves", "does not come apart", "is not
        decided: ..." (what follows "Assembly 5 ")."""
        status = self.status(index)
        if status == LOCKED:
            return STATUS_WORDS[LOCKED]
        if status != SOLUTION:
            return "is " + STATUS_WORDS.get(status, STATUS_WORDS[UNANALYSED])
        moves = self.moves(index)
        return (f"comes apart: level {level_text(self.level(index))}, "
                f"{moves} move{'s' * (moves != 1)}")

    # --- many at once ---------------------------------------------------------------------
    def solution_mask(self, indices: np.ndarray | None = None) -> np.ndarray:
        """Which assemblies (all, or those numbered `indices`) come apart."""
        codes = self.codes() if indices is None else self.codes()[indices]
        return np.array(self._status, dtype=np.int32)[codes] == SOLUTION if len(codes) \
            else np.zeros(0, dtype=bool)

    def solutions(self) -> int:
        return int(np.count_nonzero(self.solution_mask()))

    def ordered(self, indices: np.ndarray, order: str) -> np.ndarray:
        """`indices` (assembly numbers, as found) in `order` (ORDERS): by level compares the
        level tuples as BurrTools does (the first separation's moves first), by moves the
        total; ties, and assemblies that do not come apart (last), stay as found."""
        if order == "found" or not len(indices):
            return indices
        codes = self.codes()[indices]
        rank = self._rank(order)[codes]
        return indices[np.argsort(rank, kind="stable")]

    def _rank(self, order: str) -> np.ndarray:
        """Each code's place in `order`: a solution by its key, the rest after them all."""
        big = 1 << 30
        if order == "moves":
            keys = [(0, moves) if status == SOLUTION else (1, big)
                    for status, moves in zip(self._status, self._moves)]
        elif order == "level":
            keys = [(0, level) if status == SOLUTION else (1, ())
                    for status, level in zip(self._status, self._levels)]
        else:
            raise ValueError(f"unknown order {order!r}: one of {', '.join(ORDERS)}")
        sorted_codes = sorted(range(len(keys)), key=keys.__getitem__)
        rank = np.zeros(len(keys), dtype=np.int64)
        previous, place = None, -1
        for code in sorted_codes:  # equal keys share a place, so that ties stay as found
            if keys[code] != previous:
                previous, place = keys[code], place + 1
            rank[code] = place
        return rank
