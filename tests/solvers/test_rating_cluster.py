"""polygui-solve --rate-batch FILE --cluster local:2: Sudokus rated on a real Dask
LocalCluster of two worker processes, in chunks, come back in the file's order with the
ratings of the same puzzles rated here; a bad line is named and the others still rated."""

from __future__ import annotations

import json
from pathlib import Path

from solvers.cli.main import main
from solvers.logic.batch import rate_line
from solvers.parallel import rating

ROOT = Path(__file__).resolve().parents[2]
TOP95 = ROOT / "assets" / "sudoku" / "top95.txt"


def test_a_batch_rated_on_a_local_cluster_keeps_the_order_and_the_ratings(capsys, tmp_path,
                                                                           monkeypatch):
    monkeypatch.setattr(rating, "CHUNK", 2)  # several chunks out at once, in any order
    puzzles = [line for line in TOP95.read_text().splitlines()
               if line and not line.startswith("#")][:7]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(puzzles[:4]) + "\n12345\n" + "\n".join(puzzles[4:]) + "\n")
    code = main(["--rate-batch", str(batch), "--cluster", "local:2", "--json"])
    out, err = capsys.readouterr()
    results = [json.loads(line) for line in out.strip().splitlines()]
    assert code == 2 and [r["puzzle"] for r in results] == puzzles
    here = [rate_line((0, puzzle)) for puzzle in puzzles]
    assert [(r["rating"], r["pearl"], r["diamond"], r["technique"]) for r in results] == \
        [(h.rating, h.pearl, h.diamond, h.technique) for h in here]
    assert "rating on a local Dask cluster of 2 worker processes" in err
    assert f"{batch} line 5: a Sudoku line needs" in err and "Traceback" not in err
