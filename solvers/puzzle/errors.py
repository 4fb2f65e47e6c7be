"""PuzzleError, the one exception bad puzzle input raises (its own module, so that every
module of the model can raise it without importing the others)."""


class PuzzleError(ValueError):
    """Bad puzzle input: the message says what is wrong and where."""
