"""PolyGUI desktop application (Qt). Built in a later issue."""
