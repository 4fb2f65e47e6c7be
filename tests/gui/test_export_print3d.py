"""File > Export > 3D Print…: the pieces written off the GUI thread as watertight solids, the
dialog's options (a bad combination named in the dialog, which stays open; the last options
offered again), refusals named before anything is asked, Cancel and closing the window."""

from __future__ import annotations

from pathlib import Path

import trimesh
from PySide6.QtWidgets import QDialog

from polygui.export.print3d_dialog import Print3DDialog
from polygui.resources import examples_dir
from solvers.output.printable import PrintOptions

WAIT_MS = 60_000


def export_action(window):
    export_menu = next(a.menu() for a in window.menus.file_menu.actions()
                       if a.text() == "&Export")
    return next(a for a in export_menu.actions() if a.text() == "3D &Print…")


def exported(window, qtbot, folder: Path, options: PrintOptions) -> list[tuple]:
    """Export through the menu with `options` into `folder`; the `start` options the dialog
    was offered, and the messages shown."""
    offered, messages = [], []
    exports = window.exports
    exports.print3d.ask_options = lambda parent, puzzle, start: offered.append(start) or options
    exports.print3d.ask_folder = lambda: str(folder)
    exports.warn = lambda title, text: messages.append(text)
    export_action(window).trigger()
    qtbot.waitUntil(lambda: exports.print3d.job is None, timeout=WAIT_MS)
    return offered, messages


def test_the_soma_pieces_are_written_as_watertight_solids_off_the_gui_thread(
        window, qtbot, tmp_path):
    window.open_puzzle(examples_dir() / "soma.json")
    _, messages = exported(window, qtbot, tmp_path, PrintOptions(cell_mm=15, gap_mm=0.3))
    files = sorted(tmp_path.glob("*.stl"))
    assert not messages and len(files) == len(window.puzzle.pieces)
    cells = {piece.name: len(piece.cells) for piece in window.puzzle.pieces}
    for path in files:
        mesh = trimesh.load(path)
        assert mesh.is_watertight
        piece = next(name for name in cells if path.stem.endswith(f"-{name}"))
        # each cell a 15 mm cube, every outside face 0.15 mm in: at most the cells' volume
        assert 0.9 * cells[piece] * 15 ** 3 < mesh.volume < cells[piece] * 15 ** 3
    assert f"Wrote {len(files)} files" in window.statusBar().currentMessage()


def test_the_last_options_are_offered_again(window, qtbot, tmp_path):
    window.open_puzzle(examples_dir() / "soma.json")
    chosen = PrintOptions(cell_mm=12, gap_mm=0.25, layout="plate", file_format="3mf")
    offered, _ = exported(window, qtbot, tmp_path / "first", chosen)
    assert offered == [None] or offered[0] != chosen  # nothing (or other) remembered yet
    offered, _ = exported(window, qtbot, tmp_path / "second", chosen)
    assert offered == [chosen]
    assert list((tmp_path / "second").glob("*.3mf"))


def test_a_sudoku_is_refused_by_name_before_anything_is_asked(window, qtbot, tmp_path):
    window.open_puzzle(examples_dir() / "sudoku-hard.json")
    offered, messages = exported(window, qtbot, tmp_path, PrintOptions())
    assert offered == [] and messages and "Sudoku" in messages[0]
    assert not list(tmp_path.iterdir())


def test_the_examples_folder_is_refused_and_left_alone(window, qtbot):
    window.open_puzzle(examples_dir() / "soma.json")
    before = sorted(examples_dir().iterdir())
    _, messages = exported(window, qtbot, examples_dir(), PrintOptions())
    assert messages and "examples" in messages[0]
    assert sorted(examples_dir().iterdir()) == before


def test_closing_the_window_during_an_export_ends_its_thread(window, qtbot, tmp_path):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    exports = window.exports
    exports.print3d.ask_options = lambda *args: PrintOptions(edge="round", names="engraved")
    exports.print3d.ask_folder = lambda: str(tmp_path)
    export_action(window).trigger()
    job = exports.print3d.job
    assert job is not None and job.isRunning()
    exports.shutdown()
    assert exports.print3d.job is None and job.isFinished()
    for path in tmp_path.glob("*.stl"):  # whatever was written by then is whole
        assert trimesh.load(path).is_watertight


def test_a_bad_combination_is_named_in_the_dialog_which_stays_open(qtbot):
    from solvers.puzzle.fileformat import load_puzzle

    dialog = Print3DDialog(None, load_puzzle(examples_dir() / "meteor.json"))
    qtbot.addWidget(dialog)
    dialog.cell.setValue(4.0)
    dialog.edge.setCurrentIndex(dialog.edge.findData("chamfer"))
    dialog.edge_size.setValue(2.0)  # over a quarter of the cell
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and not dialog.problem.isHidden()
    assert "chamfer" in dialog.problem.text()
    dialog.edge_size.setValue(0.5)
    dialog.thickness.setValue(3.0)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    options = dialog.options()
    assert (options.cell_mm, options.edge, options.edge_mm, options.thickness_mm) == (
        4.0, "chamfer", 0.5, 3.0)
