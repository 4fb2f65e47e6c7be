"""Help > Getting Started and Help > Keyboard and Mouse: short pages in a plain dialog.

The shortcut table is read from the window's menus when it opens, so it always names the keys
the menus really have; the keys and mouse gestures that belong to a view are listed here."""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QMainWindow, QMenu, QTextBrowser,
                               QVBoxLayout, QWidget)

GETTING_STARTED = """
<h2>Getting started</h2>
<p>PolyGUI finds every way to place a set of pieces on a board: polyhexes on a hexagonal
board (the <i>meteor</i> puzzle), polyominoes on a square one, polyiamonds on a board of
triangles (the hexiamonds), polysticks on the lines of a square one (the tetrasticks),
polycubes in a box (the Soma cube), balls in a tray or a pyramid (Kanoodle), and digits in a
Sudoku grid.</p>
<h3>Solve a puzzle</h3>
<ol>
<li>Open one from <b>Examples</b>, or <b>File › Open</b>.</li>
<li>Press <b>Solve</b> (F5). Solutions appear while the search runs; step through them with
the arrow keys, Home and End, the slider or the “#” box under the puzzle.</li>
<li><b>Count</b> says which solutions are the same: “Distinct” counts a solution and its
rotations and reflections once (hover over it for what that means for this puzzle).</li>
<li>Pause (F6) and Stop (Shift+F5) keep what was found. <b>File › Export</b> saves a picture,
a contact sheet of many solutions, or the solutions as data.</li>
</ol>
<h3>Design your own</h3>
<ol>
<li><b>File › New</b> (Ctrl+N): a hex, square, triangle or cube puzzle, empty or starting
with a classic piece set (the pentominoes, the Soma pieces, ...), or a Sudoku of any size.</li>
<li>In <b>Design</b> mode (Ctrl+1), click or drag to add board cells (start on a cell to
remove instead); the fill and rectangle tools paint many at once.</li>
<li><b>Add piece</b>, then paint its cells; set how many copies and whether it may be turned
over. The status line says when pieces and board match.</li>
<li>Every change can be undone (Ctrl+Z). Save with Ctrl+S; the title shows * while there
are unsaved changes, and unsaved work is kept safe if the app stops.</li>
</ol>
<p>Everything else is in <b>Help › User Guide</b> (F1).</p>
"""

VIEW_KEYS = (
    ("Solve view", "Wheel (or Ctrl +, Ctrl −)", "Zoom the 2D board in and out"),
    ("Solve view", "Drag, middle-drag, scroll bars",
     "Move a zoomed-in 2D board; double-click or Ctrl+0 fits it"),
    ("3D view", "Drag", "Turn the cube around"),
    ("3D view", "Middle-drag, or Ctrl+drag", "Move the view"),
    ("3D view", "Wheel; Up and Down", "Zoom; tilt"),
    ("Disassembly player", ". and ,; P", "Step a move on, or back; play or pause"),
    ("Play", "Drag from the tray; right-click", "Place a piece; take a placed one back"),
    ("Play", "R or wheel (Shift+R back); F", "Turn the piece dragged or pointed at; flip it"),
    ("Play", "Delete; H", "Take back the piece pointed at; a hint"),
    ("Play, cubes", "Choose in the tray, click a cell", "Hold a piece; put it down in the "
                                                     "layer grid (or against a face in 3D)"),
    ("Play, cubes", "R (Shift+R); T (Shift+T); F", "Turn the piece held upright; tip it over; "
                                                   "flip it"),
    ("Play, cubes", "PageUp, PageDown or wheel", "The layer above, below"),
    ("Play, cubes", "Click; right-click or Delete", "Pick a placed piece up; take it back"),
    ("Design, boards", "Click, drag", "Add cells; start on a cell to remove them"),
    ("Design, boards", "Wheel (or Ctrl +, Ctrl −); Ctrl+0", "Zoom the canvas in and out; fit it"),
    ("Design, boards", "Space+drag, middle-drag, scroll bars", "Move a zoomed-in canvas"),
    ("Design, boards", "Fill, Rectangle tools", "Fill an enclosed area; drag a rectangle"),
    ("Design, boards", "Optional tool", "Mark cells a solution may leave empty"),
    ("Design, boards", "Paint tool", "Paint cells in a constraint colour (Paint with); "
                                     "start on that colour to take it away"),
    ("Design, boards", "Select tool; Ctrl+X, C, V", "Select board cells; cut, copy them, "
                                                  "paste them where a click drops them"),
    ("Design, pieces", "R, F; arrows; Ctrl+D", "Rotate, flip the selected piece; move it "
                                               "(its canvas); duplicate it"),
    ("Design, cubes", "X, Y, Z; F; Ctrl+D", "Turn the selected piece about an axis; mirror "
                                            "it; duplicate it"),
    ("Design, cubes", "Click a face; Shift+click", "Add a cube on it; remove a cube"),
    ("Design, cubes", "Ctrl+click in the layer grid", "Mark a board cell optional, or required"),
    ("Design, cubes", "Paint cubes, then click", "Paint a cube (3D) or cubes (layer grid) in "
                                                 "a constraint colour"),
    ("Design, Sudoku", "Type; Delete, 0 or .", "Enter a given and move on; clear a cell"),
    ("Design, Sudoku", "Arrows, Tab; Ctrl+V", "Move; paste a puzzle as one line"),
    ("Piece list", "F2 or double-click; Delete", "Rename a piece; delete it"),
    ("Piece list", "Ctrl+click; Ctrl+C, Ctrl+V", "Select several; copy them, paste them (into "
                                                 "another puzzle too)"),
)


def menu_shortcuts(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every menu command that has a shortcut, in menu order."""
    rows: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{path} › {plain(action.text())}")
            elif not action.shortcut().isEmpty():
                rows.append((path, plain(action.text()), shortcut_text(action)))

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), plain(top.text()))
    return rows


def plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").replace("…", "").strip()


def shortcut_text(action: QAction) -> str:
    return ", ".join(key.toString(QKeySequence.SequenceFormat.NativeText)
                     for key in action.shortcuts())  # Redo has two


def shortcuts_html(window: QMainWindow) -> str:
    def table(rows, headers) -> str:
        head = "".join(f"<th align=left>{h}</th>" for h in headers)
        body = "".join("<tr>" + "".join(f"<td>{escape(cell)}&nbsp;&nbsp;</td>" for cell in row)
                       + "</tr>" for row in rows)
        return f"<table cellspacing=2>{'<tr>' + head + '</tr>'}{body}</table>"

    menu_rows = [(keys, f"{menu} › {command}") for menu, command, keys in
                 menu_shortcuts(window)]
    return ("<h2>Keyboard and mouse</h2><h3>Menu commands</h3>"
            + table(menu_rows, ("Keys", "Command"))
            + "<h3>In the views and editors</h3>"
            + table([(keys, f"{where}: {what}") for where, keys, what in VIEW_KEYS],
                    ("Keys or mouse", "What it does")))


PAGE_WIDTH, MAX_PAGE_HEIGHT = 620, 640


def show_page(parent: QWidget, title: str, html: str) -> QDialog:
    """A non-modal window with `html`, so it can stay open beside the app; sized to its page
    (up to MAX_PAGE_HEIGHT). Asked for again, the page already open comes to the front rather
    than a second copy."""
    name = f"help-page:{title}"
    dialog = parent.findChild(QDialog, name)
    if dialog is None:
        dialog = page_dialog(parent, title, html)
        dialog.setObjectName(name)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def page_dialog(parent: QWidget, title: str, html: str) -> QDialog:
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    browser = QTextBrowser()
    browser.setOpenExternalLinks(True)
    browser.setHtml(html)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    margins = layout.contentsMargins()
    frame = 2 * browser.frameWidth() + margins.left() + margins.right()
    browser.document().setTextWidth(PAGE_WIDTH - frame)
    around = (margins.top() + margins.bottom() + layout.spacing() + 2 * browser.frameWidth()
              + buttons.sizeHint().height())
    page = int(browser.document().size().height()) + 2  # (+2: no scroll bar for a rounding)
    dialog.resize(PAGE_WIDTH, min(MAX_PAGE_HEIGHT, page + around))
    return dialog


def show_getting_started(parent: QWidget) -> QDialog:
    return show_page(parent, "Getting started with PolyGUI", GETTING_STARTED)


def show_shortcuts(window: QMainWindow) -> QDialog:
    return show_page(window, "PolyGUI: keyboard and mouse", shortcuts_html(window))
