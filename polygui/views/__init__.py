"""Puzzle views: flat boards (hex, square), Sudoku grids, 3D cubes (OpenGL) and their layers,
the colours of pieces, and ray picking for clicks in 3D. Imports solvers and Qt; never the
editors, the solving widgets or the main window."""
