"""The family's table as CSV and its picture as PNG or SVG, each written atomically (the old
file stays whole when writing fails). Failures raise PuzzleError naming the file and why."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QImage, QPainter

from solvers import PuzzleError
from solvers.puzzle.atomic import write_atomically

from ..export.images import save_image, svg_of
from .pictures import CalendarPicture, FamilyPicture
from .results import FamilyResults

PNG_WIDTH = 1600  # pixels: a calendar's day cells stay readable
SVG_WIDTH = 800
KINDS = {".csv": "CSV table (*.csv)", ".png": "PNG image (*.png)", ".svg": "SVG image (*.svg)"}


def picture_image(picture: FamilyPicture, width: int = PNG_WIDTH) -> QImage:
    size = QSize(*picture.size_for(width))
    image = QImage(size, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    picture.paint(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    return image


def picture_svg(picture: FamilyPicture, title: str, width: int = SVG_WIDTH) -> bytes:
    size = QSize(*picture.size_for(width))
    return svg_of(size, title, lambda painter: picture.paint(
        painter, QRectF(0, 0, size.width(), size.height())))


def export_family(path: Path, results: FamilyResults, picture: FamilyPicture) -> None:
    """Write the table (.csv) or the picture (.png, .svg, a calendar's months 4 x 3), chosen
    by the suffix."""
    if isinstance(picture, CalendarPicture):
        picture = CalendarPicture(results)
    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        write_atomically(Path(path), results.csv_text().encode("utf-8"))
    elif suffix == ".png":
        save_image(picture_image(picture), Path(path))
    elif suffix == ".svg":
        write_atomically(Path(path), picture_svg(picture, results.family.name))
    else:
        raise PuzzleError(f"{Path(path).name}: export the table as .csv, the picture as .png "
                          "or .svg")
