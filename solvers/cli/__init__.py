"""`polygui-solve` without Qt (`main`; `polygui.cli` adds the image exports on top) and its
Sudoku batch mode. The top of solvers: imports any of its packages."""
