"""Help > User Guide: the guide's Markdown pages (docs/), rendered, with their pictures, and
links between pages followed in place; Back, Forward and Contents as in a help browser."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QTextCursor, QTextDocument
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QPushButton, QTextBrowser,
                               QVBoxLayout, QWidget)

from ..resources import docs_dir

NAME = "help-page:user-guide"
GUIDE_SIZE = (860, 720)


class GuideBrowser(QTextBrowser):
    """Opens .md pages as Markdown (Qt reads the suffix, but a page reached by a link with a
    #fragment keeps it too); links out of the guide go to the desktop's browser."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.setOpenLinks(False)
        self.anchorClicked.connect(self.follow)
        self.sourceChanged.connect(self.fit_pictures)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_pictures()

    def fit_pictures(self) -> None:
        """Draw each picture at most as wide as the page (Markdown gives no width)."""
        document = self.document()
        room = self.viewport().width() - 2 * document.documentMargin() - 8
        cursor = QTextCursor(document)
        block = document.begin()
        while block.isValid():
            for fragment in _fragments(block):
                picture = fragment.charFormat()
                if not picture.isImageFormat():
                    continue
                picture = picture.toImageFormat()
                image = document.resource(QTextDocument.ResourceType.ImageResource,
                                          QUrl(picture.name()))
                if image is None or image.isNull() or room <= 0:
                    continue
                scale = min(1.0, room / image.width())
                picture.setWidth(image.width() * scale)
                picture.setHeight(image.height() * scale)
                cursor.setPosition(fragment.position())
                cursor.setPosition(fragment.position() + fragment.length(),
                                   QTextCursor.MoveMode.KeepAnchor)
                cursor.setCharFormat(picture)
            block = block.next()

    def follow(self, url: QUrl) -> None:
        target = self.source().resolved(url) if url.isRelative() else url
        if target.isLocalFile() and Path(target.toLocalFile()).suffix == ".md":
            self.setSource(target, QTextDocument.ResourceType.MarkdownResource)
            if url.hasFragment():
                self.scrollToAnchor(url.fragment())
        else:
            QDesktopServices.openUrl(target)

    def open_page(self, name: str) -> None:
        self.setSource(QUrl.fromLocalFile(str(self.folder / name)),
                       QTextDocument.ResourceType.MarkdownResource)


def _fragments(block):
    """The text fragments of a block (a picture is one)."""
    it = block.begin()
    while not it.atEnd():
        yield it.fragment()
        it += 1


def show_user_guide(parent: QWidget, page: str = "index.md") -> QDialog:
    """The guide's window, opened on `page` (the one already open comes to the front)."""
    dialog = parent.findChild(QDialog, NAME)
    if dialog is None:
        dialog = guide_dialog(parent)
    dialog.findChild(GuideBrowser).open_page(page)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def guide_dialog(parent: QWidget) -> QDialog:
    dialog = QDialog(parent)
    dialog.setObjectName(NAME)
    dialog.setWindowTitle("PolyGUI user guide")
    browser = GuideBrowser(docs_dir())
    row = QHBoxLayout()
    for text, slot, tip in (("Back", browser.backward, "The page before (Alt+Left)"),
                            ("Forward", browser.forward, "The page after (Alt+Right)"),
                            ("Contents", lambda: browser.open_page("index.md"),
                             "The guide's first page")):
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(slot)
        row.addWidget(button)
        if text == "Back":
            browser.backwardAvailable.connect(button.setEnabled)
            button.setEnabled(False)
        elif text == "Forward":
            browser.forwardAvailable.connect(button.setEnabled)
            button.setEnabled(False)
    row.addStretch()
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    layout = QVBoxLayout(dialog)
    layout.addLayout(row)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    dialog.resize(*GUIDE_SIZE)
    return dialog
