"""From a Puzzle to integer arrays: every placement of every piece (`compile_placements`), the
pruning of placements that strand cells, and the symmetry plan that makes a search count each
solution once per orbit. Imports solvers.puzzle, and solvers.kernels for the flood that
prunes a large board."""
