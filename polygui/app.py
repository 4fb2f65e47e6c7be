"""Start the desktop app: `polygui [FILE]` or `python -m polygui [FILE]`."""

from __future__ import annotations

import argparse
import sys

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication

from . import __version__
from .latency import freeze_long_lived, tune_interpreter
from .resources import default_puzzle

ORGANISATION, APPLICATION = "PolyGUI", "PolyGUI"


def share_gl_contexts() -> None:
    """Before the application exists: let every OpenGL view share one context group, as
    pyqtgraph compiles each shader program once for all of them."""
    if QCoreApplication.instance() is None:
        QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)


def make_application(argv: list[str]) -> QApplication:
    share_gl_contexts()
    app = QApplication.instance() or QApplication(argv)
    tune_interpreter()
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationVersion(__version__)
    return app


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv if argv is None else argv
    parser = argparse.ArgumentParser(prog="polygui", description="Design and solve placement puzzles.")
    parser.add_argument("file", nargs="?", help="a puzzle file to open (JSON, meteor or Sudoku text)")
    args = parser.parse_args(argv[1:])
    app = make_application(argv)
    from .main_window import MainWindow

    window = MainWindow()
    window.show()
    freeze_long_lived()
    if not window.open_puzzle(args.file or default_puzzle()) and args.file:
        window.open_puzzle(default_puzzle())
    window.files.offer_recovery()  # work a crashed session autosaved
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
