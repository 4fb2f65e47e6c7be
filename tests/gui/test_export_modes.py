"""Permissions of the app's exports that Qt writes (PDF through the printer, contact sheets as
PDF or PNG pages) and of images: a private (0600) file exported over stays private; a new one
gets 0666 less the umask."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtPrintSupport import QPrinter

from polygui.export.images import render_flat, save_image, save_svg, svg_bytes
from polygui.export.printing import PrintJob, new_printer, print_job
from polygui.export.sheet import ContactSheet
from polygui.resources import examples_dir
from solvers import Solution, solve
from solvers.puzzle.atomic import new_file_mode
from solvers.puzzle.fileformat import load_puzzle

METEOR = load_puzzle(examples_dir() / "meteor.json")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def printed_pdf(path: Path) -> list[Path]:
    printer = new_printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    assert print_job(printer, PrintJob(METEOR, "puzzle", METEOR.name)) == 1
    return [path]


def sheet(path: Path) -> list[Path]:
    solutions = [e for e in solve(METEOR, "distinct", limit=2) if isinstance(e, Solution)]
    return ContactSheet(METEOR, solutions.__getitem__, range(len(solutions)), path).run()


def png(path: Path) -> list[Path]:
    save_image(render_flat(METEOR, None, QSize(60, 40)), path)
    return [path]


def svg(path: Path) -> list[Path]:
    save_svg(svg_bytes(METEOR, None, QSize(60, 40)), path)
    return [path]


EXPORTS = [(printed_pdf, "puzzle.pdf"), (sheet, "sheet.pdf"), (sheet, "sheet.png"),
           (png, "puzzle.png"), (svg, "puzzle.svg")]
IDS = ["print-pdf", "sheet-pdf", "sheet-png", "png", "svg"]


@pytest.mark.parametrize(("export", "name"), EXPORTS, ids=IDS)
def test_an_export_over_a_private_file_keeps_it_private(qtbot, tmp_path, export, name):
    target = tmp_path / name
    target.write_bytes(b"old")
    target.chmod(0o600)
    (written,) = export(target)
    assert written == target and target.read_bytes() != b"old"
    assert mode(target) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary left


@pytest.mark.parametrize(("export", "name"), EXPORTS, ids=IDS)
def test_a_new_export_gets_the_umask_mode(qtbot, tmp_path, export, name):
    (written,) = export(tmp_path / name)
    assert mode(written) == new_file_mode()
