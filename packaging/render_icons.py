"""Render assets/icons/polygui.svg to the PNG sizes desktops ask for (16 to 512 pixels).

    .venv/bin/python packaging/render_icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(size: int, renderer: QSvgRenderer) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    app = QGuiApplication(sys.argv[:1])  # noqa: F841 (fonts and painting need it)
    renderer = QSvgRenderer(str(ICONS / "polygui.svg"))
    if not renderer.isValid():
        print("render_icons: assets/icons/polygui.svg is not valid SVG", file=sys.stderr)
        return 1
    for size in SIZES:
        path = ICONS / f"polygui-{size}.png"
        render(size, renderer).save(str(path))
        print(f"wrote {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
