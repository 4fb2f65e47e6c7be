"""Ball puzzles (the sphere grid) in the 3D view under Xvfb with GLX: shaded balls, no cube
edges, explode and per-piece visibility as cubes have, and layers drawn in their own rows."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF

from polygui.analysis.heatmap import panels_of
from polygui.analysis.unique_dialog import preview_for
from polygui.views.balls import BallMesh
from polygui.views.space_look import look_for
from polygui.views.voxel_items import OUTLINE_RGBA
from solvers import GridKind
from test_cube_view import drawn_fraction, first_solutions, framebuffer, shown_cube_view


@pytest.fixture
def pyramid(qtbot, asset):
    view = shown_cube_view(qtbot)
    puzzle = asset("kanoodle-pyramid.json")
    view.set_puzzle(puzzle)
    view.set_solution(first_solutions(puzzle, 1)[0])
    return view


def test_balls_render_shaded_without_cube_edges(pyramid):
    assert look_for(GridKind.SPHERE).mesh is BallMesh
    rgb = framebuffer(pyramid)
    assert 0.02 < drawn_fraction(rgb) < 0.9
    edge = (np.array(OUTLINE_RGBA[:3]) * 255).astype(int)
    assert (np.abs(rgb.astype(int) - edge).sum(axis=2) < 60).sum() < 50, "cube edges drawn"
    shades = {tuple(p) for p in rgb.reshape(-1, 3)}
    assert len(shades) > 200, "a ball is shaded across its surface, not flat"


def test_explode_and_hiding_pieces_work_on_balls(pyramid):
    together = framebuffer(pyramid)
    pyramid.explode.setValue(pyramid.explode.maximum())
    assert not np.array_equal(framebuffer(pyramid), together)
    pyramid.explode.setValue(0)
    assert np.array_equal(framebuffer(pyramid), together)
    shown = drawn_fraction(together)
    for piece in range(1, len(pyramid.puzzle.pieces)):
        pyramid.legend.set_visible(piece, False)
    assert 0 < drawn_fraction(framebuffer(pyramid)) < shown / 2
    pyramid.show_all_button.click()
    assert drawn_fraction(framebuffer(pyramid)) == pytest.approx(shown)


def test_layers_draw_each_layer_of_balls_in_rows(pyramid):
    """The bottom layer of the 5-layer pyramid: five rows of five, not a diamond."""
    layers = pyramid.layers
    assert len(layers.captions()) == 5
    bottom = [cell for cell in pyramid.puzzle.board if cell[2] == 0]
    centres = [layers.cell_centre(cell) for cell in bottom]
    assert len({round(c.y()) for c in centres}) == 5
    assert len({round(c.x()) for c in centres}) == 5
    image = layers.grab().toImage()
    step = min(abs(a.x() - b.x()) for a in centres for b in centres if a.x() != b.x())
    centre = centres[0]
    corner = centre + QPointF(0.42 * step, 0.42 * step)  # a square's corner, outside a ball
    assert image.pixelColor(centre.toPoint()) != image.pixelColor(corner.toPoint())
    assert image.pixelColor(corner.toPoint()) == image.pixelColor(QPoint(2, 2))  # background


def test_the_heatmap_draws_ball_layers_in_rows(asset):
    """Where pieces go (the heatmap) on a ball puzzle: a picture per layer, in rows."""
    panels = panels_of(asset("kanoodle-pyramid.json"))
    assert [len(panel.positions) for panel in panels] == [25, 16, 9, 4, 1]
    centres = panels[0].board.polygons.mean(axis=1)
    assert len({round(x, 3) for x in centres[:, 0]}) == len({round(y, 3) for y in centres[:, 1]}) == 5


def test_the_uniqueness_designer_previews_the_layers_of_balls(qtbot, asset):
    puzzle = asset("kanoodle-pyramid.json")
    preview = preview_for(puzzle)
    qtbot.addWidget(preview)
    preview.set_puzzle(puzzle)
    assert len(preview.captions()) == 5
