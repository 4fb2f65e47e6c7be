"""Menus that say what they do: Pause/Resume with a key, the stepping keys shown, tooltips
that explain Solve, Pause, Stop and Count (for the puzzle open), Help pages, and the puzzle's
name and description edited as one undoable step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QTextBrowser

from polygui.dialogs.help import menu_shortcuts
from polygui.resources import examples_dir


def action_named(window, menu_text: str, text: str):
    for top in window.menuBar().actions():
        if top.text().replace("&", "") == menu_text:
            for action in top.menu().actions():
                if action.text().replace("&", "").rstrip("…") == text:
                    return action
    raise AssertionError(f"no {menu_text} › {text}")


def test_pause_and_resume_from_the_solve_menu_by_key(window, qtbot):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")  # long enough to pause
    pause = action_named(window, "Solve", "Pause")
    stop = action_named(window, "Solve", "Stop")
    assert pause.shortcut().toString() == "F6" and not pause.isEnabled()
    assert not stop.isEnabled()  # as the panel's Stop button: nothing to stop
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: window.run is not None and window.run.thread.isRunning())
    assert pause.isEnabled() and stop.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_F6)
    assert window.run.worker.paused and pause.text().replace("&", "") == "Resume"
    assert window.panel.pause_button.text() == "Resume"
    qtbot.keyClick(window, Qt.Key.Key_F6)
    assert not window.run.worker.paused and pause.text().replace("&", "") == "Pause"
    qtbot.keyClick(window, Qt.Key.Key_F5, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=30_000)
    assert not pause.isEnabled() and not stop.isEnabled()


def test_the_stepping_commands_show_their_keys_and_the_keys_step(window, qtbot):
    keys = {text: action_named(window, "Solve", text).shortcut().toString()
            for text in ("First solution", "Previous solution", "Next solution",
                         "Last solution")}
    assert keys == {"First solution": "Home", "Previous solution": "Left",
                    "Next solution": "Right", "Last solution": "End"}
    window.open_puzzle(examples_dir() / "meteor.json")
    window.panel.limit.setValue(3)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert window.browser.current == 2
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert window.browser.current == 1
    window.set_mode("design")  # there the arrows belong to the editor
    assert not action_named(window, "Solve", "Next solution").isEnabled()


def test_solve_pause_stop_and_count_explain_themselves(window):
    panel = window.panel
    assert "F5" in panel.solve_button.toolTip()
    assert "F6" in panel.pause_button.toolTip() and "resume" in panel.pause_button.toolTip()
    assert "Shift+F5" in panel.stop_button.toolTip()
    window.open_puzzle(examples_dir() / "meteor.json")
    tip = panel.count_tooltip()
    assert "Distinct" in tip and "Up to rotations" in tip and "All solutions" in tip
    assert "half turn" in tip and "same count" in tip  # why meteor counts 1049 either way
    window.open_puzzle(examples_dir() / "soma.json")
    tip = panel.count_tooltip()
    assert "Soma" in tip and "24 reflections" in tip and "48 times" in tip


def test_help_pages_open_and_list_the_real_shortcuts(window, qtbot):
    rows = menu_shortcuts(window)
    assert ("Solve", "Pause", "F6") in rows and ("Solve", "Solve", "F5") in rows
    assert any(command == "Undo" for _, command, _ in rows)
    for text, expected in (("Getting Started", "Getting started"),
                           ("Keyboard and Mouse", "Shift+F5")):
        before = set(window.findChildren(QDialog))
        action_named(window, "Help", text).trigger()
        dialogs = [d for d in window.findChildren(QDialog) if d not in before]
        assert len(dialogs) == 1 and dialogs[0].isVisible()
        browser = dialogs[0].findChild(QTextBrowser)
        assert expected in browser.toPlainText()
        dialogs[0].close()


def test_the_name_and_description_are_edited_as_one_undoable_step(window, qtbot, monkeypatch):
    window.open_puzzle(examples_dir() / "meteor.json")
    before = window.puzzle
    monkeypatch.setattr("polygui.dialogs.puzzle_info.ask_name_and_description",
                        lambda parent, name, text: ("Comet", "A meteor, renamed."))
    action_named(window, "Edit", "Puzzle Name and Description").trigger()
    assert window.puzzle.name == "Comet" and window.puzzle.description == "A meteor, renamed."
    assert window.puzzle.board == before.board
    assert "Comet" in window.windowTitle() and window.isWindowModified()
    assert window.document.undo_stack.undoText() == "Edit puzzle name and description"
    window.document.undo_stack.undo()
    assert window.puzzle == before


def test_open_recent_tells_files_of_one_name_apart_by_their_folder(window, tmp_path):
    from pathlib import Path

    from polygui.menus import recent_text
    from solvers.puzzle.fileformat import load_puzzle, save_puzzle

    meteor = load_puzzle(examples_dir() / "meteor.json")
    for folder in ("first", "second"):
        (tmp_path / folder).mkdir()
        save_puzzle(meteor, tmp_path / folder / "puzzle.json")
        assert window.open_puzzle(tmp_path / folder / "puzzle.json")
    texts = [action.text() for action in window.menus.recent_menu.actions()[:2]]
    assert texts[0].startswith("&1 puzzle.json") and texts[0].endswith("second")
    assert texts[1].startswith("&2 puzzle.json") and texts[1].endswith("first")
    home = recent_text(0, Path.home() / "puzzles" / "a.json")
    assert home == "&1 a.json  —  ~/puzzles"
    deep = recent_text(0, Path("/" + "/".join(["folder"] * 20)) / "b.json")
    assert len(deep) < 80 and "…" in deep


def test_a_help_page_asked_for_twice_opens_once_and_fits_its_text(window, qtbot):
    for _ in range(2):
        action_named(window, "Help", "Getting Started").trigger()
    pages = [d for d in window.findChildren(QDialog) if d.isVisible()]
    assert len(pages) == 1
    browser = pages[0].findChild(QTextBrowser)
    qtbot.waitExposed(pages[0])
    assert browser.verticalScrollBar().maximum() == 0  # the whole page shows
    empty = browser.viewport().height() - browser.document().size().height()
    assert empty < 3 * browser.fontMetrics().lineSpacing()  # and no band of empty space
    pages[0].close()
    action_named(window, "Help", "Getting Started").trigger()  # closed, then asked for again
    assert [d for d in window.findChildren(QDialog) if d.isVisible()] == pages


def test_the_user_guide_opens_with_f1_follows_its_links_and_shows_its_pictures(window, qtbot):
    """Help › User Guide (F1): the docs' contents page, rendered from Markdown; a link opens
    its page in place, with its pictures, Back returns; asked again, the same window."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    from polygui.dialogs.user_guide import GuideBrowser

    guide = action_named(window, "Help", "User Guide")
    assert guide.shortcut().toString() == "F1"
    guide.trigger()
    (dialog,) = [d for d in window.findChildren(QDialog) if d.objectName().endswith("user-guide")]
    browser = dialog.findChild(GuideBrowser)
    assert dialog.isVisible() and browser.source().fileName() == "index.md"
    assert "PolyGUI user guide" in browser.toPlainText()
    assert "# PolyGUI" not in browser.toPlainText()  # rendered, not shown as Markdown
    browser.follow(QUrl("solving.md#printing-and-exporting"))
    assert browser.source().fileName() == "solving.md"
    assert "Printing and exporting" in browser.toPlainText()
    browser.follow(QUrl("designing.md"))
    picture = browser.document().resource(QTextDocument.ResourceType.ImageResource,
                                          QUrl("images/colour-constraints.png"))
    assert picture is not None and not picture.isNull()
    browser.backward()
    assert browser.source().fileName() == "solving.md"
    guide.trigger()
    assert [d for d in window.findChildren(QDialog)
            if d.objectName().endswith("user-guide")] == [dialog]
    dialog.close()
