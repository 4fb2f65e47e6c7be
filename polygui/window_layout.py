"""The main window's size, place and docks, kept in the settings between sessions."""

from __future__ import annotations

import sys

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMainWindow

GEOMETRY, STATE = "window/geometry", "window/state"


def readable_settings(settings: QSettings | None = None) -> QSettings:
    """The user's settings (by default), read once before the window uses them. A value Qt
    cannot turn back into Python (a damaged or hand-edited file: a pickled object cut short)
    raises on the first read of the file, whichever value it asks for; caught here and said
    on stderr. Such a value reads as None from then on, and is dropped when Qt rewrites it."""
    settings = settings if settings is not None else QSettings()
    try:
        settings.allKeys()
    except Exception as error:  # noqa: BLE001 - unpickling raises any kind of error
        print(f"polygui: {settings.fileName()}: an unreadable setting is ignored "
              f"({type(error).__name__}: {error})", file=sys.stderr)
    return settings


def restore_layout(window: QMainWindow, settings: QSettings) -> None:
    """The size, place and docks of the last session (Qt keeps them on the screen). A value
    that is not Qt's bytes (a settings file edited by hand) is dropped: the default layout."""
    for key, restore in ((GEOMETRY, window.restoreGeometry), (STATE, window.restoreState)):
        value = settings.value(key)
        if isinstance(value, (QByteArray, bytes)):
            restore(value)
        elif value is not None:
            settings.remove(key)


def save_layout(window: QMainWindow, settings: QSettings) -> None:
    settings.setValue(GEOMETRY, window.saveGeometry())
    settings.setValue(STATE, window.saveState())
