"""A shipped example that has no solution says truly how that is proved (issue 33): when a
certificate proves it without searching, the description names the certificate and does
not claim a search proves it."""

from __future__ import annotations

from pathlib import Path

import pytest

from solvers.analysis.certificates import certificates
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
NO_SOLUTION = sorted(path.name for path in ASSETS.glob("*.json")
                     if "Expected: 0 solutions" in load_puzzle(path).description)
NAMES = {"colouring": "colouring", "uncoverable": "no piece covers"}  # how a description says it


def test_the_shipped_examples_include_one_without_solutions():
    assert NO_SOLUTION == ["no-solution.json"]


@pytest.mark.parametrize("name", NO_SOLUTION)
def test_a_description_names_the_certificate_that_proves_there_is_no_solution(name):
    puzzle = load_puzzle(ASSETS / name)
    found = certificates(puzzle)
    assert found, f"{name}: no certificate; its description should say a search proves it"
    description = puzzle.description.casefold()
    assert "by searching" not in description
    assert any(NAMES.get(certificate.kind, certificate.kind) in description
               for certificate in found), [certificate.kind for certificate in found]
