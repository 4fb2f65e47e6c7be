"""Start the desktop app: `polygui [FILE]` or `python -m polygui [FILE]`."""

from __future__ import annotations

import argparse
import sys

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from . import __version__
from .resources import APP_ID, default_puzzle, icons_dir
from .solving.latency import freeze_long_lived, tune_interpreter

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
    app.setDesktopFileName(APP_ID)  # matches packaging/<APP_ID>.desktop
    app.setWindowIcon(application_icon())
    return app


def application_icon() -> QIcon:
    icon = QIcon()
    folder = icons_dir()
    for png in sorted(folder.glob("polygui-*.png")):
        icon.addFile(str(png))
    if (folder / "polygui.svg").exists():
        icon.addFile(str(folder / "polygui.svg"))
    return icon


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv if argv is None else argv
    parser = argparse.ArgumentParser(prog="polygui", description="Design and solve placement puzzles.")
    parser.add_argument("file", nargs="?", help="a puzzle file to open (JSON, meteor or Sudoku text)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open the window off screen, solve the Soma cube through the "
                             "solver thread, check the count, exit 0 (1 on failure)")
    args = parser.parse_args(argv[1:])
    if args.smoke_test:
        from .smoke import draw_off_screen_without_display, run_smoke_test
        draw_off_screen_without_display()
        return run_smoke_test(make_application(argv[:1]))
    app = make_application(argv)
    from .main_window import MainWindow
    from .window_layout import readable_settings

    window = MainWindow(readable_settings())
    window.show()
    freeze_long_lived()
    if not window.open_puzzle(args.file or default_puzzle()) and args.file:
        window.open_puzzle(default_puzzle())
    window.start_warmup()  # compile or load the solver's kernels while the user looks
    window.files.offer_recovery()  # work a crashed session autosaved
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
