"""Technique profiles: which techniques the solver may use, in order (easiest first).

`se121` (the default) is Sudoku Explainer 1.2.1's list, so that a rating is the one of the
scale people quote. `sukaku` adds what SukakuExplainer 1.18.1 adds of the techniques here,
with its ratings: the two-strong-link patterns (skyscraper 4.0, 2-string kite 4.1, turbot
fish 4.2, grouped ones and the empty rectangle 4.3), three strong links (5.5, grouped 5.7)
and the WXYZ-Wing (5.5-5.6). `full` adds finned/sashimi fish, the W-Wing, the hidden
rectangle, ALS-XZ and the ALS-XY-Wing with our ratings (SukakuExplainer's recorded ratings
show none of them: they would take steps it finds later, at a higher rating). Each added
technique goes after the techniques that rate the same or less.
"""

from __future__ import annotations

from . import als, fish, single_digit, strong_links, uniqueness_types, wxyz
from .techniques import TECHNIQUES, Technique

SUKAKU_EXTRA: tuple[Technique, ...] = (
    Technique("Skyscraper", 4.0, single_digit.skyscrapers),
    Technique("2-String Kite", 4.1, single_digit.two_string_kites),
    Technique("Turbot Fish", 4.2, single_digit.turbot_fish),
    Technique("Empty Rectangle / Grouped 2 Strong Links", 4.3,
              strong_links.grouped_two_links),
    Technique("3 Strong Links", 5.5, strong_links.three_links),
    Technique("WXYZ-Wing", 5.5, wxyz.wxyz_wings),
    Technique("Grouped 3 Strong Links", 5.7, strong_links.grouped_three_links),
)
OUR_EXTRA: tuple[Technique, ...] = (
    Technique("Finned X-Wing", 3.4, fish.finned_x_wings),
    Technique("Finned Swordfish", 4.0, fish.finned_swordfish),
    Technique("W-Wing", 4.4, single_digit.w_wings),
    Technique("Hidden Rectangle", uniqueness_types.HIDDEN, uniqueness_types.hidden_rectangles),
    Technique("Finned Jellyfish", 5.4, fish.finned_jellyfish),
    Technique("ALS-XZ", als.RATING, als.als_xz),
    Technique("ALS-XY-Wing", als.XY_RATING, als.als_xy_wings),
)

DEFAULT_PROFILE = "se121"


def merged(base: tuple[Technique, ...], extra: tuple[Technique, ...]) -> tuple[Technique, ...]:
    """`base` and `extra` in one list by rating (stable: base first among equals)."""
    return tuple(sorted(base + extra, key=lambda technique: technique.rating))


PROFILES: dict[str, tuple[Technique, ...]] = {
    "se121": TECHNIQUES,
    "sukaku": merged(TECHNIQUES, SUKAKU_EXTRA),
    "full": merged(merged(TECHNIQUES, SUKAKU_EXTRA), OUR_EXTRA),
}


def profile(name: str) -> tuple[Technique, ...]:
    """The techniques of a profile; ValueError naming the known ones for another name."""
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown technique profile {name!r}: use one of "
                         f"{', '.join(PROFILES)}") from None
