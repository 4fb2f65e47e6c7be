"""Analysis of puzzles and of the solutions found: where pieces go (`statistics`), proposals
for a unique solution (`uniqueness`). May import search, parallel, output, placements and
puzzle; never Qt."""
