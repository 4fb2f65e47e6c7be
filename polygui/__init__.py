"""PolyGUI: the Qt desktop application."""

__version__ = "0.1.0"
