"""A user's clone is all there is: nothing the README, the user guide, the tests, the benchmarks or the scripts
use may live outside the repository (such as the team's ../shared folder)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = ("../shared", "shared/data", "parents[3]")  # parents[3] of tests/x/y.py is outside


def test_nothing_refers_outside_the_repository():
    files = [ROOT / "README.md", *ROOT.glob("*.toml")]
    for folder in ("tests", "bench", "scripts", "packaging", "assets", "polygui", "solvers", "docs"):
        files += [path for path in (ROOT / folder).rglob("*")
                  if path.is_file() and path.suffix in {".py", ".md", ".sh", ".spec", ".toml", ""}
                  and "__pycache__" not in path.parts]
    found = [f"{path.relative_to(ROOT)}: {needle}" for path in files
             for needle in OUTSIDE if needle in path.read_text("utf-8", errors="replace")
             and path != Path(__file__).resolve()]
    assert not found, found
