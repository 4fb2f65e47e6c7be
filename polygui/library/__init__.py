"""File > Puzzle Library…: the gallery of classic puzzles (solvers.library) and opening one.
Imports views (the board pictures), resources and solvers; reaches the window only through
the FileActions it is given, never by importing the main window."""
