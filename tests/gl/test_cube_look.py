"""How the 3D view looks: each piece outlined as one shape (faint seams inside it), edges at
every angle (straight from above too), colours as bright as the legend's swatches, the
puzzle kept whole when the pane shrinks, antialiasing where it is cheap and in exports."""

import numpy as np
import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor

from polygui.export.images import SUPERSAMPLE, render_cube_view
from polygui.views.cube_view import BACKGROUND, fit_distance
from polygui.views.gl_window import MULTISAMPLES, samples_for
from polygui.views.voxel_items import OUTLINE_RGBA
from polygui.views.voxels import INSIDE, OUTLINE, SEAM, VoxelMesh
from solvers import GridKind, Piece, Puzzle, Solution, solve
from test_cube_view import drawn_fraction, first_solutions, framebuffer, shown_cube_view


def classes_by_edge(cells, groups) -> dict:
    """{(voxel, edge's two end points): class} for readable assertions."""
    mesh = VoxelMesh.build(np.array(cells))
    classes = mesh.edge_classes(np.array(groups))
    ends = mesh.edge_points.reshape(-1, 2, 3) - mesh.corners.repeat(12, axis=0)[:, None, :]
    return {(voxel, tuple(map(tuple, ends[12 * voxel + edge].astype(int)))):
            int(classes[12 * voxel + edge]) for voxel in range(len(cells)) for edge in range(12)}


def test_a_lone_cube_is_all_outline():
    assert set(classes_by_edge([(0, 0, 0)], [0]).values()) == {OUTLINE}


def test_two_cubes_of_one_piece_meet_in_seams_of_two_pieces_in_outlines():
    cells = [(0, 0, 0), (1, 0, 0)]
    one_piece = classes_by_edge(cells, [0, 0])
    top_seam = (0, ((1, 0, 1), (1, 1, 1)))  # the first cube's top edge on the shared face
    assert one_piece[top_seam] == SEAM
    assert one_piece[(0, ((0, 0, 1), (0, 1, 1)))] == OUTLINE  # the far end's top edge
    assert list(one_piece.values()).count(SEAM) == 8  # 4 on the shared face, from each cube
    two_pieces = classes_by_edge(cells, [0, 1])
    assert set(two_pieces.values()) == {OUTLINE}


def test_an_l_of_three_cubes_folds_inwards_at_its_inner_corner():
    cells = [(0, 0, 0), (1, 0, 0), (0, 1, 0)]
    classes = classes_by_edge(cells, [0, 0, 0])
    assert classes[(1, ((0, 1, 0), (0, 1, 1)))] == OUTLINE  # the inner corner, seen from (1,0,0)
    assert classes[(0, ((1, 1, 0), (1, 1, 1)))] == OUTLINE  # and from the corner cube


def test_a_full_block_hides_its_middle_edges_and_empty_cells_group_together():
    cells = [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]
    centre = cells.index((1, 1, 1))
    classes = classes_by_edge(cells, [-1] * len(cells))  # an empty board: one group
    assert {classes[key] for key in classes if key[0] == centre} == {INSIDE}
    assert OUTLINE in classes.values() and SEAM in classes.values()


@pytest.fixture
def soma(qtbot, asset):
    view = shown_cube_view(qtbot)
    puzzle = asset("soma.json")
    view.set_puzzle(puzzle)
    view.set_solution(first_solutions(puzzle, 1)[0])
    return view


def outline_pixels(rgb: np.ndarray) -> int:
    edge = (np.array(OUTLINE_RGBA[:3]) * 255).astype(int)
    return int((np.abs(rgb.astype(int) - edge).sum(axis=2) < 60).sum())


@pytest.mark.parametrize("elevation", [90, -90])
def test_edges_show_when_seen_straight_from_above_or_below(soma, elevation):
    soma.gl.setCameraPosition(elevation=60)
    slanted = outline_pixels(framebuffer(soma))
    soma.gl.setCameraPosition(elevation=elevation)
    face_on = outline_pixels(framebuffer(soma))
    # face on, only the top (or bottom) layer shows: its outlines, not just the silhouette
    assert face_on > 0.5 * slanted, (face_on, slanted)


def tiny_puzzle(colours: list[str]) -> Puzzle:
    pieces = tuple(Piece(f"P{i}", ((0, 0, 0),), colour=c, mirror=False)
                   for i, c in enumerate(colours))
    return Puzzle(GridKind.CUBE, "Row", board=tuple((x, 0, 0) for x in range(len(colours))),
                  pieces=pieces)


def test_each_piece_shows_its_legend_colour_on_the_side_facing_the_light(qtbot):
    colours = ["#ff9da7", "#bcf60c", "#4363d8"]  # pink, lime, blue: they went mauve, olive
    puzzle = tiny_puzzle(colours)
    view = shown_cube_view(qtbot)
    view.set_puzzle(puzzle)
    view.set_solution(next(e for e in solve(puzzle, "all", limit=1) if isinstance(e, Solution)))
    pixels = framebuffer(view).reshape(-1, 3).astype(int)
    for name in colours:
        swatch = np.array(QColor(name).getRgb()[:3])
        close = np.abs(pixels - swatch).max(axis=1) <= 8
        assert close.sum() > 200, f"{name} does not appear as itself"
        shaded = np.abs(pixels - 0.76 * swatch).max(axis=1) <= 10  # a darker side shows too
        assert shaded.sum() > 50, f"{name}'s sides are not shaded"


def test_the_puzzle_stays_whole_when_the_pane_shrinks_and_zoom_is_kept(soma, qtbot):
    def touches_the_border(rgb: np.ndarray) -> bool:
        border = np.concatenate((rgb[0], rgb[-1], rgb[:, 0], rgb[:, -1]))
        return bool(np.any(border != np.array(BACKGROUND, dtype=np.uint8)))

    assert not touches_the_border(framebuffer(soma))
    width = soma.width()
    with qtbot.waitSignal(soma.gl.resized):
        soma.resize(width // 2, soma.height())
    rgb = framebuffer(soma)
    assert not touches_the_border(rgb) and drawn_fraction(rgb) > 0.1
    radius = soma._mesh.radius
    fitted = fit_distance(radius, soma.gl.opts["fov"], soma.gl.width(), soma.gl.height())
    assert soma.gl.opts["distance"] == pytest.approx(fitted)
    soma.gl.opts["distance"] *= 0.8  # the user zooms in: a resize keeps that
    with qtbot.waitSignal(soma.gl.resized):
        soma.resize(width, soma.height())
    fitted = fit_distance(radius, soma.gl.opts["fov"], soma.gl.width(), soma.gl.height())
    assert soma.gl.opts["distance"] == pytest.approx(0.8 * fitted)


def test_multisampling_only_where_the_gpu_makes_it_cheap():
    assert samples_for("llvmpipe (LLVM 15.0.7, 256 bits)") == 0
    assert samples_for("softpipe") == 0 and samples_for("") == 0
    assert samples_for("NVIDIA GeForce RTX 3060/PCIe/SSE2") == MULTISAMPLES
    assert samples_for("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)") == 4


def test_exports_are_drawn_larger_and_scaled_down_with_lines_to_match(soma, monkeypatch):
    asked = []
    original = soma.gl.renderToArray

    def record(size):
        asked.append((size, [item.width for item in soma._edges.values()]))
        return original(size)

    monkeypatch.setattr(soma.gl, "renderToArray", record)
    widths = [item.width for item in soma._edges.values()]
    image = render_cube_view(soma, QSize(400, 300))
    assert image.size() == QSize(400, 300)
    assert asked == [((400 * SUPERSAMPLE, 300 * SUPERSAMPLE),
                      [SUPERSAMPLE * width for width in widths])]
    assert [item.width for item in soma._edges.values()] == widths  # as on screen again
    rgb = np.array([[image.pixelColor(x, y).getRgb()[:3] for x in range(0, 400, 4)]
                    for y in range(0, 300, 4)])
    assert outline_pixels(rgb) > 50  # the lines survive the scaling down
