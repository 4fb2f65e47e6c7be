"""The main window's size, place and docks, kept in the settings between sessions."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

GEOMETRY, STATE = "window/geometry", "window/state"


def restore_layout(window: QMainWindow, settings: QSettings) -> None:
    """The size, place and docks of the last session (Qt keeps them on the screen)."""
    geometry = settings.value(GEOMETRY)
    if geometry is not None:
        window.restoreGeometry(geometry)
    state = settings.value(STATE)
    if state is not None:
        window.restoreState(state)


def save_layout(window: QMainWindow, settings: QSettings) -> None:
    settings.setValue(GEOMETRY, window.saveGeometry())
    settings.setValue(STATE, window.saveState())
