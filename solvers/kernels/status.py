"""What every resumable kernel and its Python side agree on: the status a run returns, the
two phases of its loop, the slots of its counter array. Plain numbers, without numba, so
that a run which never loads a kernel (solvers/search/interpreted.py) reads them too."""

RUNNING, BUFFER_FULL, FINISHED = 0, 1, 2
ENTER, NEXT = 0, 1
NB = 4  # bit planes per counter: counts saturate at 2**NB

# indices into the int64 counter array; C_UNCHECKED: the last solutions buffered, which the
# Python side has yet to pass through the symmetry plan's canonical check; C_REMEMBERED: the
# nodes the bit-board kernel knew dead from its memo, without expanding them
C_NODES, C_SOLUTIONS, C_PHASE, C_DEPTH, C_BUFFERED, C_STATUS, C_UNCHECKED, C_REMEMBERED = range(8)

HASH_MULTIPLIER = 0x9E3779B97F4A7C15  # the bit-board's Fibonacci hashing of a region's mask
SUDOKU_MAX_N = 64  # the Sudoku kernel's values are bits of a uint64

# the disassembler (disassembly.py): an assembly's status, and a search or analysis that
# stopped at its budget, to be resumed
SOLUTION, LOCKED, TOO_BIG, CANCELLED, SINGLE = 1, 0, 2, 3, 4
BUDGET = 5
DISASSEMBLY_FIRST_CAPACITY = 1 << 10  # states a part's search buffers start with; they double
# an analysis's state tuple (disassembly_tree.begin): the fields its Python side reads, and
# those of its cursor
ANALYSIS_INFO, ANALYSIS_STUCK, ANALYSIS_NODES, ANALYSIS_PATHS = 9, 10, 11, 12
ANALYSIS_CURSOR, ANALYSIS_WORK = 13, 15
CURSOR_STUCK, CURSOR_NODES, CURSOR_PATHS, CURSOR_LOCKED, CURSOR_SEARCHED = 2, 3, 4, 6, 7
