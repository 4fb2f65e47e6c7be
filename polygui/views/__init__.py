"""Puzzle views: flat boards (hex, square), Sudoku grids, and 3D cubes."""
