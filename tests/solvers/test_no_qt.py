"""`solvers` is the model layer: it must never pull in Qt (DESIGN: napari's rule). The import
contracts check the import statements; this checks what really gets loaded, every module."""

import subprocess
import sys

LOAD_EVERY_MODULE = """
import importlib, pkgutil, sys
import solvers
names = [m.name for m in pkgutil.walk_packages(solvers.__path__, "solvers.")]
for name in names:
    importlib.import_module(name)
leaked = sorted(m for m in sys.modules
                if m.split('.')[0] in ('PySide6', 'PyQt5', 'PyQt6', 'shiboken6', 'pyqtgraph'))
print(len(names), leaked)
sys.exit(1 if leaked else 0)
"""


def test_solvers_import_without_qt():
    result = subprocess.run([sys.executable, "-c", LOAD_EVERY_MODULE], capture_output=True,
                            text=True)
    assert result.returncode == 0, f"Qt modules imported by solvers: {result.stdout}{result.stderr}"
    modules, leaked = result.stdout.split(maxsplit=1)
    assert int(modules) >= 25 and leaked.strip() == "[]"  # every module was really loaded
