"""The techniques as data, in the order of Sudoku Explainer's solver (easiest first): a
name, the rating on its scale (the least a step of the technique rates; some rate more, as
the step says) and a finder that yields the steps available on a board."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..records import record

from . import (chains, exclusion, forcing, nested, singles, subsets, uniqueness,
               uniqueness_types, wings)
from .board import Board
from .steps import Step


@record
class Technique:
    name: str
    rating: float
    find: Callable[[Board], Iterator[Step]]
    places: bool = False  # its steps place a digit (SE's direct techniques)


TECHNIQUES: tuple[Technique, ...] = (
    Technique("Full House", 1.0, singles.full_houses, True),
    Technique("Hidden Single in a box", 1.2, singles.hidden_singles_in_boxes, True),
    Technique("Hidden Single in a line", 1.5, singles.hidden_singles_in_lines, True),
    Technique("Direct Pointing / Claiming", 1.7, singles.direct_pointing, True),
    Technique("Direct Hidden Pair", 2.0, singles.direct_hidden_pairs, True),
    Technique("Naked Single", 2.3, singles.naked_singles, True),
    Technique("Direct Hidden Triple", 2.5, singles.direct_hidden_triples, True),
    Technique("Pointing / Claiming", 2.6, singles.locking),
    Technique("Naked Pair", 3.0, subsets.NAKED_PAIRS),
    Technique("X-Wing", 3.2, subsets.X_WINGS),
    Technique("Hidden Pair", 3.4, subsets.HIDDEN_PAIRS),
    Technique("Naked Triple", 3.6, subsets.NAKED_TRIPLES),
    Technique("Swordfish", 3.8, subsets.SWORDFISH),
    Technique("Hidden Triple", 4.0, subsets.HIDDEN_TRIPLES),
    Technique("XY-Wing", 4.2, wings.xy_wings),
    Technique("XYZ-Wing", 4.4, wings.xyz_wings),
    Technique("Unique Rectangle", 4.5, uniqueness.unique_rectangles),
    Technique("Unique Rectangle type 3", 4.5, uniqueness_types.unique_rectangles_type_3),
    Technique("Naked Quad", 5.0, subsets.NAKED_QUADS),
    Technique("Jellyfish", 5.2, subsets.JELLYFISH),
    Technique("Hidden Quad", 5.4, subsets.HIDDEN_QUADS),
    Technique("Bivalue Universal Grave + 1", 5.6, uniqueness.bug_plus_one),
    Technique("BUG type 2", 5.7, uniqueness_types.bug_type_2),
    Technique("BUG type 4", 5.7, uniqueness_types.bug_type_4),
    Technique("BUG type 3", 5.8, uniqueness_types.bug_type_3),
    Technique("Aligned Pair Exclusion", 6.2, exclusion.aligned_pairs),
    Technique("Bidirectional Cycle / Forcing Chain", 6.5, chains.cycles_and_chains),
    Technique("Aligned Triplet Exclusion", 7.5, exclusion.aligned_triplets),
    Technique("Nishio Forcing Chains", 7.5, forcing.nishio),
    Technique("Cell / Region Forcing Chains", 8.0, forcing.multiple),
    Technique("Dynamic Forcing Chains", 8.5, forcing.dynamic),
    Technique("Dynamic Forcing Chains (+)", 9.0, forcing.dynamic_plus),
    Technique("Nested Forcing Chains", 10.5, nested.nested_forcing_chains),
)


def next_step(board: Board, techniques: tuple[Technique, ...] = TECHNIQUES) -> Step | None:
    """The first step of the first technique that has one (None when none applies)."""
    for technique in techniques:
        step = next(technique.find(board), None)
        if step is not None:
            return step
    return None
