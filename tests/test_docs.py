"""The README and the user guide: every link and picture resolves, every command the guide
shows in a `sh` block runs (in a folder of its own, through the same entry point), the
library page's script runs and prints what the page says, and the README stays short.

Blocks fenced as `text` are templates (a scheduler's HOST, a puzzle called PUZZLE) and are not
run; the README's two commands are the ones CI itself runs (scripts/test) or that open the
window (scripts/run, covered by the smoke test)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def links(page: Path) -> list[str]:
    text = BLOCK.sub("", page.read_text("utf-8"))  # not inside code
    return LINK.findall(text)


def anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings."""
    found = set()
    for heading in re.findall(r"^#+ (.+)$", BLOCK.sub("", page.read_text("utf-8")), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        found.add(slug)
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_link_and_picture_resolves(page):
    for target in links(page):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, fragment = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        assert resolved.exists(), f"{page.name}: {target} does not exist"
        if fragment and resolved.suffix == ".md":
            assert fragment in anchors(resolved), f"{page.name}: no heading for #{fragment}"


def test_every_guide_page_is_reachable_from_the_contents():
    seen, todo = set(), [DOCS / "index.md"]
    while todo:
        page = todo.pop()
        if page in seen:
            continue
        seen.add(page)
        todo += [(page.parent / target.partition("#")[0]).resolve() for target in links(page)
                 if target.partition("#")[0].endswith(".md")
                 and (page.parent / target.partition("#")[0]).resolve().parent == DOCS]
    assert set(DOCS.glob("*.md")) <= seen


def test_the_readme_is_what_a_newcomer_needs_first():
    text = (ROOT / "README.md").read_text("utf-8")
    assert len(text.splitlines()) <= 150
    assert "./scripts/run" in text and "./scripts/test" in text and "docs/index.md" in text


def commands() -> list[tuple[str, str]]:
    """(page, command) for every line of the guide's `sh` blocks (comments left out)."""
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for language, body in BLOCK.findall(page.read_text("utf-8")):
            if language == "sh":
                found += [(page.name, line.split("  #")[0].strip()) for line in body.splitlines()
                          if line.strip() and not line.lstrip().startswith("#")]
    return found


@pytest.mark.parametrize("page, command", commands(), ids=[c for _, c in commands()])
def test_every_command_the_guide_shows_runs(page, command, tmp_path, monkeypatch):
    """polygui-solve's commands run in-process (the kernels are compiled once per session),
    from a folder of their own that sees the checkout's assets and test data."""
    from polygui.cli import main

    words = shlex.split(command)
    assert words[0] in ("polygui-solve", ".venv/bin/polygui-solve"), \
        f"{page}: {command!r} is not a polygui-solve command: fence it as text, or teach this test"
    for folder in ("assets", "tests"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    monkeypatch.chdir(tmp_path)
    assert main(words[1:]) == 0, f"{page}: {command}"


def test_the_library_page_runs_and_prints_what_it_says():
    page = (DOCS / "library.md").read_text("utf-8")
    (script,) = [body for language, body in BLOCK.findall(page) if language == "python"]
    printed = [body for language, body in BLOCK.findall(page) if language == "text"][0]
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    lines, expected = result.stdout.splitlines(), printed.splitlines()
    assert len(lines) == len(expected)
    assert lines[0].startswith("Mini Bedlam cube: about ")  # an estimate: it varies
    assert lines[1] == expected[1] and lines[3] == expected[3]
    assert lines[2].startswith("1,049 distinct solutions, in ")  # the time varies
