"""Play mode: a person solves the puzzle by hand (pieces dragged from the tray onto the board,
turned and flipped), with undo, hints and a background check that a solution still exists."""
