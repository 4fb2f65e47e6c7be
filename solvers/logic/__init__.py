"""Sudoku as people solve it: candidates, techniques of the standard (Sudoku Explainer)
scale, a solver that always takes the easiest step, and the rating of its path. No Qt."""

from .board import Board
from .solver import LogicPath, Rating, rate_path, solve_logically
from .steps import Step
from .techniques import TECHNIQUES, Technique

__all__ = ["Board", "LogicPath", "Rating", "Step", "TECHNIQUES", "Technique", "rate_path",
           "solve_logically"]
