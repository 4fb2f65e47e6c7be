"""File > Puzzle Library…: the gallery of classic puzzles (solvers.library)."""
