"""The user guide's picture of 3D-printable pieces (docs/files.md), taken by
scripts/screenshots.py: the Soma cube's pieces and box laid out on a print plate as
`polygui-solve --export-stl` makes them (chamfered, names engraved), drawn in their colours
from above at an angle. No 3D view is involved: the solids' triangles are filled into a depth
buffer here (numpy), so the picture is the same on every machine."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtGui import QImage

from polygui.resources import examples_dir
from solvers.output.printable import PrintOptions, solid_plan
from solvers.output.printable.files import mesh_arrays
from solvers.output.printable.layout import Solid, plates
from solvers.puzzle.any_file import load_any

PRINT_NAMES = ("print-soma.png",)
OPTIONS = PrintOptions(edge="chamfer", edge_mm=0.6, names="engraved", board="tray",
                       layout="plate", plate_mm=(120, 120))
SIZE = (1000, 620)  # the picture's width and height
SUPERSAMPLE = 2  # drawn this many times larger, then scaled down (smooth edges)
TURN, TILT = -35.0, 50.0  # degrees: about the vertical, then towards the viewer
LIGHT = np.array([-0.4, -0.7, 0.6]) / np.linalg.norm([-0.4, -0.7, 0.6])


def take_print_screenshots(folder: Path, save) -> list[Path]:
    """Draw the picture into `folder` with `save` (the screenshot script's PNG writer)."""
    puzzle = load_any(examples_dir() / "soma.json")
    solids = [Solid(name, make(), colour) for name, make, colour in solid_plan(puzzle, OPTIONS)]
    (plate,) = plates(solids, OPTIONS.plate_mm)
    path = folder / PRINT_NAMES[0]
    save(to_qimage(drawn(plate)), path)
    return [path]


def drawn(solids: list[Solid]) -> np.ndarray:
    """(height, width, 3) uint8: the solids, flat-shaded, nearest surface in front."""
    triangles, colours = [], []
    for solid in solids:
        vertices, faces = mesh_arrays(solid)
        triangles.append(vertices[faces])
        rgb = [int(solid.colour[i:i + 2], 16) for i in (1, 3, 5)]
        colours.append(np.tile(rgb, (len(faces), 1)))
    seen = np.concatenate(triangles) @ _view().T  # x right, y away from the viewer, z up
    width, height = SIZE[0] * SUPERSAMPLE, SIZE[1] * SUPERSAMPLE
    points = seen.reshape(-1, 3)
    low, high = points.min(axis=0), points.max(axis=0)
    scale = 0.92 * min(width / (high[0] - low[0]), height / (high[2] - low[2]))
    x = (seen[..., 0] - (low[0] + high[0]) / 2) * scale + width / 2
    y = ((low[2] + high[2]) / 2 - seen[..., 2]) * scale + height / 2
    normals = np.cross(seen[:, 1] - seen[:, 0], seen[:, 2] - seen[:, 0])
    normals /= np.linalg.norm(normals, axis=1)[:, None] + 1e-12
    shade = 0.45 + 0.55 * np.clip(normals @ LIGHT, 0, None)
    depth = np.full((height, width), np.inf)
    image = np.full((height, width, 3), 255.0)
    for i in np.flatnonzero(normals[:, 1] < 0):  # facing the viewer
        _fill(depth, image, x[i], y[i], seen[i, :, 1], np.concatenate(colours)[i] * shade[i])
    small = image.reshape(SIZE[1], SUPERSAMPLE, SIZE[0], SUPERSAMPLE, 3).mean(axis=(1, 3))
    return np.round(small).astype(np.uint8)


def _view() -> np.ndarray:
    turn, tilt = np.radians(TURN), np.radians(TILT)
    about_z = np.array([[np.cos(turn), -np.sin(turn), 0], [np.sin(turn), np.cos(turn), 0],
                        [0, 0, 1]])
    about_x = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)],
                        [0, np.sin(tilt), np.cos(tilt)]])
    return about_x @ about_z


def _fill(depth, image, xs, ys, zs, colour) -> None:
    """One triangle into the buffers: the pixels whose centres it covers, where it is
    nearer than what is there."""
    height, width = depth.shape
    left, right = max(0, int(xs.min())), min(width - 1, int(np.ceil(xs.max())))
    top, bottom = max(0, int(ys.min())), min(height - 1, int(np.ceil(ys.max())))
    area = (ys[1] - ys[2]) * (xs[0] - xs[2]) + (xs[2] - xs[1]) * (ys[0] - ys[2])
    if right < left or bottom < top or abs(area) < 1e-9:
        return
    gx, gy = np.meshgrid(np.arange(left, right + 1) + 0.5, np.arange(top, bottom + 1) + 0.5)
    a = ((ys[1] - ys[2]) * (gx - xs[2]) + (xs[2] - xs[1]) * (gy - ys[2])) / area
    b = ((ys[2] - ys[0]) * (gx - xs[2]) + (xs[0] - xs[2]) * (gy - ys[2])) / area
    c = 1 - a - b
    z = a * zs[0] + b * zs[1] + c * zs[2]
    window = depth[top:bottom + 1, left:right + 1]
    nearer = (a >= -1e-6) & (b >= -1e-6) & (c >= -1e-6) & (z < window)
    window[nearer] = z[nearer]
    image[top:bottom + 1, left:right + 1][nearer] = colour


def to_qimage(pixels: np.ndarray) -> QImage:
    height, width, _ = pixels.shape
    data = np.ascontiguousarray(pixels)
    return QImage(data.data, width, height, 3 * width, QImage.Format.Format_RGB888).copy()
