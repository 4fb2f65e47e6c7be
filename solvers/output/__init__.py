"""What comes out of a search, for people and programs: solutions as text pictures, and as data
(JSON, CSV, Sudoku lines). Imports search, placements and puzzle."""
