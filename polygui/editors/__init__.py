"""Puzzle editors, one per grid kind, all editing a PuzzleDocument."""
