"""Each kernel's Python side (it owns the kernel's arrays and runs it in slices), the choice of
kernel for a puzzle (`make_search`), and `solve()` with the events it yields. Imports kernels,
placements and puzzle."""
