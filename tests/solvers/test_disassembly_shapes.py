"""The disassembler's shapes (solvers.disassembly.analyser.Shapes): pieces as they lie, each
numbered once whatever its place. `add_many` numbers thousands of placements at once; it
must number them as `add`, one at a time, does."""

from __future__ import annotations

import numpy as np

from solvers.disassembly.analyser import Shapes


def test_many_placements_at_once_are_numbered_as_one_at_a_time():
    rng = np.random.default_rng(7)
    bases = [rng.integers(0, 4, (5, 3)) for _ in range(4)]  # cells may repeat: any (k, 3)
    cells = np.stack([bases[rng.integers(4)] + rng.integers(0, 6, 3) for _ in range(60)])
    together, one_by_one = Shapes(), Shapes()
    numbers, corners = together.add_many(cells)
    alone = [one_by_one.add(piece) for piece in cells]
    assert np.array_equal(corners, [corner for _, corner in alone])
    # the same partition into shapes, and each number's cells are the piece's moved to 0
    pairs = set(zip(numbers.tolist(), (number for number, _ in alone)))
    assert len(pairs) == len(set(numbers.tolist())) == len(one_by_one.cells) == 4
    for piece, number, corner in zip(cells, numbers, corners):
        assert together.cells[number] == tuple(sorted(map(tuple, (piece - corner).tolist())))
