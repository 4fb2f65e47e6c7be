"""Small stand-alone dialogs the menus open: the getting-started page, the keyboard shortcuts,
the puzzle's name and description. Imports Qt, the document model and the views; never the
menus, editors or main window."""
