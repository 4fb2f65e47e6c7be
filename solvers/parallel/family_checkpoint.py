"""A family run's checkpoint: a small JSON file of the members finished, rewritten atomically
as each ends, so that a resumed run counts only the others.

```
{"format": "polygui-family-run", "version": 1, "family": "Calendar puzzle",
 "symmetry": "distinct", "fingerprint": "<sha256 of the members and the mode>",
 "members": [{"index": 0, "name": "Jan 1", "solutions": 64, "seconds": 0.01,
              "complete": true, "note": ""}, ...]}
```
The fingerprint ties the file to its family (every member's name and puzzle) and mode: a
file of another family, or of the same one since edited, is refused by name.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..puzzle.atomic import write_atomically
from ..puzzle.errors import PuzzleError
from ..puzzle.family import Family
from ..puzzle.fileformat import puzzle_to_json
from ..puzzle.limits import MAX_FILE_BYTES

if TYPE_CHECKING:
    from .family_member import MemberResult

FORMAT_NAME = "polygui-family-run"
VERSION = 1


def fingerprint(family: Family, symmetry: str) -> str:
    digest = hashlib.sha256(symmetry.encode())
    for member in family.members:
        digest.update(json.dumps(member.name).encode())
        digest.update(puzzle_to_json(member.puzzle).encode())
    return digest.hexdigest()


class FamilyCheckpoint:
    """The members finished so far (`results`, by index) and the file they are kept in."""

    def __init__(self, path: Path, family: Family, symmetry: str,
                 results: dict[int, MemberResult]) -> None:
        self.path, self.family, self.symmetry = path, family, symmetry
        self.results = results
        self._fingerprint = fingerprint(family, symmetry)

    @classmethod
    def start(cls, family: Family, symmetry: str, checkpoint: str | Path | None,
              resume: str | Path | None) -> FamilyCheckpoint | None:
        """The checkpoint of a run: `resume`'s members (PuzzleError when it is not a run of
        this family in this mode), kept on in `checkpoint` or else in `resume`; None
        without either."""
        if checkpoint is None and resume is None:
            return None
        results = {} if resume is None else read_results(Path(resume), family, symmetry)
        book = cls(Path(checkpoint if checkpoint is not None else resume), family, symmetry,
                   results)
        book.write()
        return book

    def record(self, result: MemberResult) -> None:
        """Keep a finished member (one stopped early is not finished: it runs again)."""
        if result.complete:
            self.results[result.index] = result
            self.write()

    def write(self) -> None:
        data = {"format": FORMAT_NAME, "version": VERSION, "family": self.family.name,
                "symmetry": self.symmetry, "fingerprint": self._fingerprint,
                "members": [_result_data(self.results[i]) for i in sorted(self.results)]}
        try:
            write_atomically(self.path, (json.dumps(data, indent=1) + "\n").encode())
        except OSError as error:
            raise PuzzleError(f"{self.path}: cannot write the checkpoint: "
                              f"{error.strerror or error}") from None


def _result_data(result: MemberResult) -> dict[str, Any]:
    return {"index": result.index, "name": result.name, "solutions": result.solutions,
            "seconds": round(result.seconds, 6), "complete": result.complete,
            "note": result.note, "nodes": result.nodes}


def read_results(path: Path, family: Family, symmetry: str) -> dict[int, MemberResult]:
    """The finished members a checkpoint file holds; PuzzleError names what is wrong."""
    from .family_member import MemberResult

    try:
        with path.open("rb") as stream:
            text = stream.read(MAX_FILE_BYTES + 1)
        data = json.loads(text)
    except OSError as error:
        raise PuzzleError(f"{path}: cannot read: {error.strerror or error}") from None
    except ValueError:
        raise PuzzleError(f"{path}: not a family checkpoint (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise PuzzleError(f"{path}: not a family checkpoint (\"format\" is not "
                          f"{FORMAT_NAME!r})")
    if data.get("version") != VERSION:
        raise PuzzleError(f"{path}: unsupported checkpoint version {data.get('version')!r}")
    if data.get("symmetry") != symmetry:
        raise PuzzleError(f"{path}: the run counts {data.get('symmetry')!r} solutions, not "
                          f"{symmetry!r}")
    if data.get("fingerprint") != fingerprint(family, symmetry):
        raise PuzzleError(f"{path}: a run of another family (or of this one before an edit): "
                          f"its members are not {family.name!r}'s")
    results = {}
    try:
        for item in data["members"]:
            result = MemberResult(int(item["index"]), str(item["name"]),
                                  int(item["solutions"]), float(item["seconds"]),
                                  bool(item["complete"]), str(item.get("note", "")),
                                  int(item.get("nodes", 0)))
            if not 0 <= result.index < len(family.members) or min(result.solutions,
                                                                   result.nodes) < 0:
                raise ValueError
            results[result.index] = result
    except (KeyError, TypeError, ValueError):
        raise PuzzleError(f"{path}: a damaged checkpoint (a member's record does not "
                          f"read)") from None
    return results
