"""Named difficulty levels on the Sudoku Explainer scale, and the one line the app shows for a
rating ("Difficulty: 3.4 (Hard), hardest step: Hidden Pair").

The bands are PolyGUI's own, drawn where the scale's techniques change: singles only (Easy),
naked singles and locked candidates (Medium), subsets, basic fish, wings and uniqueness
(Hard), the rest below chains (Fiendish), chains (Diabolical), forcing and nested chains
(Extreme).
"""

from __future__ import annotations

from .solver import Rating

LEVELS: tuple[tuple[float, str], ...] = (  # (the rating a level goes up to, excluded; name)
    (2.0, "Easy"),
    (3.0, "Medium"),
    (5.0, "Hard"),
    (7.0, "Fiendish"),
    (9.0, "Diabolical"),
    (float("inf"), "Extreme"),
)


def level_name(rating: float) -> str:
    """The level of an ER: 'Easy' below 2.0, ..., 'Extreme' from 9.0 up."""
    return next(name for bound, name in LEVELS if rating < bound - 1e-9)


def difficulty_text(rating: Rating, n: int = 9) -> str:
    """What the app shows for a rating. A path that stopped (a technique it needs is not
    written yet) gives a lower bound and says so; sizes other than 9x9 say which scale."""
    scale = "" if n == 9 else ", rated on the 9x9 scale"
    if not rating.complete:
        if rating.rating <= 0:
            return ("Difficulty: unknown (no technique known here applies to the start: it "
                    f"needs harder ones){scale}")
        return (f"Difficulty: at least {rating.rating:.1f}+ ({level_name(rating.rating)} or "
                f"harder), hardest step so far: {rating.technique}; the rest needs techniques "
                f"not known here{scale}")
    if rating.rating <= 0:
        return f"Difficulty: none (nothing left to solve){scale}"
    return (f"Difficulty: {rating.rating:.1f} ({level_name(rating.rating)}), hardest step: "
            f"{rating.technique}{scale}")
