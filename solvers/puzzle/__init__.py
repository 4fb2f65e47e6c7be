"""The model: `Puzzle`, `Piece`, `SudokuGrid` and `PuzzleError`; each grid's cells and symmetry
group as data; the JSON puzzle file (atomic saves) and the seed text formats (meteor board
pictures, Sudoku lines). The bottom of the flow: imports numpy and nothing else of solvers."""
