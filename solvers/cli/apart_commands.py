"""`polygui-solve` for puzzles whose assemblies must come apart (`"disassembly": true`, every
BurrTools problem): assemblies against solutions, levels, and the move lists
(`--export-moves`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..output.kept import KeptSolutions
from ..puzzle.atomic import write_atomically
from ..puzzle.model import Puzzle
from ..search.events import Progress, Solution


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("taking assemblies apart (puzzles with \"disassembly\")")
    group.add_argument("--export-moves", type=Path, metavar="FILE",
                       help="write how each solution found comes apart, move by move (text; "
                            "JSON when FILE ends in .json)")
    group.add_argument("--no-disassembly", action="store_true",
                       help="count assemblies only, without taking them apart")


def is_solution(event: Solution) -> bool:
    """Whether a solution event counts as a solution: every one does, unless assemblies are
    taken apart and this one does not come apart."""
    from ..kernels.status import SOLUTION

    return not event.verdict or event.verdict[0] == SOLUTION


def verdict_line(event: Solution) -> str:
    """"comes apart: level 98.2.4.2, 108 moves", or why not."""
    from ..disassembly.verdicts import STATUS_WORDS, level_text, summary

    if not event.verdict:
        return ""
    if is_solution(event):
        level, moves = summary(event.verdict)
        return f"comes apart: level {level_text(level)}, {moves} moves"
    return STATUS_WORDS.get(event.verdict[0], "")


def summary_words(final: Progress) -> str:
    """", 12 assemblies" for a run that took its assemblies apart, else ""."""
    if final.assemblies is None:
        return ""
    return f" of {final.assemblies:,} assembl{'y' if final.assemblies == 1 else 'ies'}"


def json_fields(final: Progress) -> dict:
    """`assemblies` and `levels` (level -> solutions) for --json, when taken apart."""
    if final.assemblies is None:
        return {}
    return {"assemblies": final.assemblies, "levels": dict(final.levels)}


def write_moves(puzzle: Puzzle, kept: KeptSolutions, path: Path) -> str:
    """Each kept solution taken apart again, its moves written to `path` (atomically); the
    line to print."""
    import json  # here: a count without --json never loads it (start-up)
    from ..disassembly.analyser import Disassembler
    from ..disassembly.moves import take_apart

    placements = kept.placements()
    if placements is None:
        from ..placements.compile import compile_placements

        placements = compile_placements(puzzle)
    disassembler = Disassembler(puzzle, placements)
    as_json = path.suffix.lower() == ".json"
    entries, texts = [], []
    for number, solution in enumerate(kept, start=1):
        taken = take_apart(disassembler, solution.rows)
        if as_json:
            entries.append({"solution": number, "level": ".".join(map(str, taken.level)),
                            "moves": [{"pieces": [taken.names[p] for p in move.pieces],
                                       "direction": move.direction,
                                       "distance": None if move.removal else move.distance}
                                      for move in taken.moves]})
        else:
            texts.append(taken.text(f"Solution {number}"))
    data = (json.dumps({"puzzle": puzzle.name, "solutions": entries}, indent=1) if as_json
            else "\n\n".join(texts) + "\n")
    write_atomically(path, data.encode("utf-8"))
    return f"wrote the moves of {len(kept):,} solution{'s' * (len(kept) != 1)} to {path}"
