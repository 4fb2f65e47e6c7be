"""The logical solver's scan in one numba call: given technique codes in order (easiest
first), the index of the first that has a step on the board (-1 if none), and in `out` what
identifies its first step for the techniques scanned exactly (logic_sets.py); the others
(logic_patterns.py) only say that one exists. solvers/logic/scan.py builds the step.

Board arrays: cand[cell] candidate bits (int64, 0 on a filled cell), values[cell] (0 empty);
the layout: hc[h, i] the cells of each house, hk[h] its kind (0 box, 1 column, 2 row, 3
diagonal), member[h, cell], cross[k] = (first, second) the crossings in scan order,
peer[a, b] (0 on the diagonal), line_of[kind, cell] the column (kind 1) or row (kind 2) of
a cell.

numba keys a cached compilation on the text of its own file only: SOURCES names the kernel
files this one calls and carries their digest (see logic_path.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .logic_patterns import has_fish, has_two_links, has_unique_rectangle, has_wing
from .logic_sets import empties, hidden_set, house_positions, locked, naked_set, \
    naked_single, singles

SOURCES = ("bits.py", "logic_sets.py", "logic_patterns.py"), "c6075d65d38dbfe6"
(FULL_HOUSE, HIDDEN_BOX, HIDDEN_LINE, NAKED_SINGLE, DIRECT_LOCKED, LOCKED, DIRECT_HIDDEN_2,
 DIRECT_HIDDEN_3, HIDDEN_2, HIDDEN_3, HIDDEN_4, NAKED_2, NAKED_3, NAKED_4, FISH_2, FISH_3,
 FISH_4, XY_WING, XYZ_WING, UNIQUE_RECTANGLE, SKYSCRAPER, TWO_STRING_KITE, TURBOT_FISH
 ) = range(1, 24)
EXACT_LAST = NAKED_4  # codes up to this one fill `out`; the later ones only say "there is"


@njit(nogil=True, cache=True)
def first_step(codes, start, cand, values, hc, hk, member, cross, peer, line_of, n, out):
    """The index in `codes` of the first technique from `start` on with a step, or -1.
    Code 0 stands for a technique without a scan: its index is returned when the scan
    reaches it."""
    pos = house_positions(cand, hc, n)
    empty = empties(values, hc, n)
    for k in range(start, codes.shape[0]):
        code = codes[k]
        if code == 0:
            return k
        if code <= HIDDEN_LINE:
            found = singles(pos, empty, hk, n, code - FULL_HOUSE, out)
        elif code == NAKED_SINGLE:
            found = naked_single(cand, out)
        elif code == DIRECT_LOCKED or code == LOCKED:
            found = locked(cand, hc, hk, member, cross, n, code == DIRECT_LOCKED, out)
        elif code == DIRECT_HIDDEN_2 or code == DIRECT_HIDDEN_3:
            found = hidden_set(cand, hc, pos, empty, n, code - DIRECT_HIDDEN_2 + 2,
                               np.bool_(True), out)
        elif code <= HIDDEN_4:
            found = hidden_set(cand, hc, pos, empty, n, code - HIDDEN_2 + 2,
                               np.bool_(False), out)
        elif code <= NAKED_4:
            found = naked_set(cand, hc, n, code - NAKED_2 + 2, out)
        elif code <= FISH_4:
            found = has_fish(cand, hc, hk, pos, line_of, n, code - FISH_2 + 2)
        elif code == XY_WING or code == XYZ_WING:
            found = has_wing(cand, peer, code - XY_WING + 2)
        elif code == UNIQUE_RECTANGLE:
            found = has_unique_rectangle(cand, values, member, peer, n, out)
        else:
            found = has_two_links(cand, hc, hk, peer, n, code - SKYSCRAPER)
        if found:
            return k
    return -1
