"""Where export dialogs open and what they propose: the last export's folder (remembered
across sessions), never the app's own examples; names that say what the file holds; option
dialogs whose button says that a file dialog comes next."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from polygui.export.actions import file_name
from polygui.export.dialogs import (ImageOptions, SheetOptions, ask_image_options,
                                    ask_sheet_options)
from polygui.resources import examples_dir
from qt_fixtures import show_window


def solved(window, qtbot, name: str, limit: int) -> None:
    window.open_puzzle(examples_dir() / name)
    window.panel.limit.setValue(limit)
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)


def proposals(exports, answer: Path) -> list[tuple[str, str]]:
    """Record what each save dialog proposes, answering with a path in `answer`'s folder."""
    seen = []

    def ask(title, proposed, filters):
        seen.append((title, proposed))
        return str(answer.parent / Path(proposed).name)

    exports.ask_path = ask
    return seen


def test_dialogs_open_beside_the_last_export_never_in_the_examples(
        window, qtbot, tmp_path, settings):
    solved(window, qtbot, "meteor.json", limit=20)
    exports = window.exports
    exports.ask_image_options = lambda parent, size, vector: ImageOptions(
        "png", QSize(300, 200), False)
    chosen = tmp_path / "pictures"
    chosen.mkdir()
    seen = proposals(exports, chosen / "x.png")
    window.browser.set_current(11)
    assert exports.export_image()
    first = Path(seen[0][1])
    assert first.name == "Meteor solution 12.png"
    assert not first.parent.resolve().is_relative_to(examples_dir().resolve())
    assert (chosen / "Meteor solution 12.png").exists()
    assert exports.export_image()  # the next one opens where the last one went
    assert Path(seen[1][1]).parent == chosen
    exports.ask_sheet_options = lambda parent, count: SheetOptions("pdf", 1, count, 4, 5)
    assert exports.export_sheet()
    assert Path(seen[2][1]) == chosen / "Meteor solutions 1-20.pdf"
    with qtbot.waitSignal(exports.sheet.finished, timeout=60_000):
        pass
    again = show_window(qtbot, settings, tmp_path / "autosave-2")  # a later session
    again.open_puzzle(examples_dir() / "soma.json")
    assert again.exports.start_folder() == chosen


def test_the_puzzle_alone_is_named_after_the_puzzle(window, tmp_path):
    window.open_puzzle(examples_dir() / "meteor.json")
    exports = window.exports
    exports.ask_image_options = lambda parent, size, vector: ImageOptions(
        "svg", QSize(300, 200), False)
    seen = proposals(exports, tmp_path / "x.svg")
    assert exports.export_image()
    assert Path(seen[0][1]).name == "Meteor.svg"


def test_file_names_drop_characters_file_systems_refuse():
    assert file_name("A/B: C?", "solution 3") == "A-B- C- solution 3"
    assert file_name("", "") == "puzzle"


def test_the_option_dialogs_say_a_file_is_chosen_next(window, qtbot):
    seen = []

    def press_the_accept_button():
        dialog = QApplication.activeModalWidget()
        if dialog is None:  # not shown yet
            QTimer.singleShot(10, press_the_accept_button)
            return
        buttons = dialog.findChild(QDialogButtonBox)
        accept = buttons.button(QDialogButtonBox.StandardButton.Ok)
        seen.append(accept.text())
        qtbot.mouseClick(accept, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, press_the_accept_button)
    image = ask_image_options(window, QSize(300, 200), vector=True)
    QTimer.singleShot(0, press_the_accept_button)
    sheet = ask_sheet_options(window, 40)
    assert seen == ["Choose File…", "Choose File…"]  # not a bare "OK"
    assert image == ImageOptions("png", QSize(300, 200), False)
    assert (sheet.first, sheet.last) == (1, 40)
