"""`solvers` is the model layer: it must never pull in Qt (DESIGN: napari's rule)."""

import subprocess
import sys


def test_solvers_import_without_qt():
    code = ("import sys, solvers, solvers.cli, solvers.fileformat, solvers.textformats, "
            "solvers.sudoku_kernel, solvers.pictures\n"
            "leaked = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('PySide6', 'PyQt5', 'PyQt6', 'shiboken6', 'pyqtgraph'))\n"
            "print(leaked)\nsys.exit(1 if leaked else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"Qt modules imported by solvers: {result.stdout}{result.stderr}"
