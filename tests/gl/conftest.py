"""3D view fixtures: shared OpenGL contexts, isolated settings, no leaked solver threads.

These tests need an X display with GLX (pytest-xvfb starts Xvfb with +extension GLX)."""

from polygui.app import share_gl_contexts
from qt_fixtures import (asset, delete_closed_widgets, no_cross_thread_misuse,
                         no_leaked_solver_threads, no_unexpected_dialogs, private_data_folders,
                         settings, window)

share_gl_contexts()  # before pytest-qt creates the application

__all__ = ["asset", "delete_closed_widgets", "no_cross_thread_misuse", "no_leaked_solver_threads",
           "no_unexpected_dialogs", "private_data_folders", "settings", "window"]
