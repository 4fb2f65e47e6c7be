"""3D-printable pieces (solvers/output/printable, `--export-stl`): every exported STL or 3MF is
loaded with trimesh (3MF files also read from the package's XML, for the colours trimesh
does not keep; trimesh reads 3MF with lxml and networkx, test dependencies only) and checked: each solid is watertight, its
volume is the cells' less what the gap (and a chamfer) takes, computed here by hand; solids on
a plate do not overlap and stay on it; a 3MF object keeps its piece's colour; a piece seen
from above covers its cells and no others; the tray or box holds the board with the clearance;
bad input gets one clear message."""

from __future__ import annotations

import math
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest
import trimesh

from solvers import GridKind, PuzzleError
from solvers.cli.main import main as solve_main
from solvers.output.printable import PrintOptions, export_printable
from solvers.output.printable.options import FLOOR_MM, SPACING_MM, WALL_MM
from solvers.output.printable.pieces import piece_solid
from solvers.output.printable.tray import tray_solid
from solvers.puzzle.any_file import load_any
from solvers.puzzle.cancel import Cancelled
from solvers.puzzle.model import Piece, Puzzle

ROOT = Path(__file__).resolve().parent.parent.parent
SQRT3 = math.sqrt(3)
CORE = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
TETRA = ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1))  # three arms from a corner
I3 = ((0, 0, 0), (1, 0, 0), (2, 0, 0))


def cube_puzzle(*pieces: Piece, board=None) -> Puzzle:
    cells = board or sorted({cell for piece in pieces for cell in piece.cells})
    return Puzzle(kind=GridKind.CUBE, name="Test cubes", board=tuple(cells), pieces=pieces)


def load_stl(path: Path) -> trimesh.Trimesh:
    mesh = trimesh.load(path, file_type="stl")
    assert isinstance(mesh, trimesh.Trimesh)
    return mesh


def load_3mf(path: Path) -> list[tuple[str, str, trimesh.Trimesh]]:
    """(name, display colour, mesh) of every object of a 3MF file, in millimetres."""
    with zipfile.ZipFile(path) as package:
        assert {"[Content_Types].xml", "_rels/.rels"} <= set(package.namelist())
        model = ElementTree.fromstring(package.read("3D/3dmodel.model"))
    assert model.get("unit") == "millimeter"
    colours = [base.get("displaycolor") for base in model.iter(f"{CORE}base")]
    found = []
    for item in model.iter(f"{CORE}object"):
        vertices = [[float(v.get(axis)) for axis in "xyz"] for v in item.iter(f"{CORE}vertex")]
        faces = [[int(t.get(k)) for k in ("v1", "v2", "v3")] for t in item.iter(f"{CORE}triangle")]
        mesh = trimesh.Trimesh(vertices, faces, process=False)
        found.append((item.get("name"), colours[int(item.get("pindex"))], mesh))
    built = [int(item.get("objectid")) for item in model.iter(f"{CORE}item")]
    assert len(built) == len(found)
    loaded = trimesh.load(path, file_type="3mf")  # the library reads the same solids
    assert sorted(loaded.geometry) == sorted(name for name, _, _ in found)
    for name, _, mesh in found:
        assert loaded.geometry[name].is_watertight
        assert loaded.geometry[name].volume == pytest.approx(mesh.volume, rel=1e-9)
    return found


def eroded_tetra_volume(c: float, r: float) -> float:
    """TETRA shrunk by r on every outside face: three boxes (2c - 2r) x (c - 2r)^2 meeting
    in the corner cube (c - 2r)^3 (each pair and all three share exactly it)."""
    a = c - 2 * r
    return 3 * (2 * c - 2 * r) * a * a - 3 * a ** 3 + a ** 3


def chamfered_cube_volume(c: float, r: float, e: float) -> float:
    """A cube of edge c - 2r with edges chamfered by e: the cube shrunk by e grown back by an
    octahedron of radius e (Steiner: faces, edges' quarter prisms, corners' eighths)."""
    b = c - 2 * r - 2 * e
    return b ** 3 + 6 * b * b * e + 6 * b * e * e + 4 / 3 * e ** 3


# --- volumes and watertightness -------------------------------------------------------------

def test_cube_pieces_are_watertight_with_the_volume_the_gap_leaves(tmp_path):
    options = PrintOptions(cell_mm=10, gap_mm=0.4)
    puzzle = cube_puzzle(Piece("T", TETRA), Piece("I", tuple((x, 1, 1) for x, _, _ in I3)),
                         Piece("one", ((5, 5, 5),)), board=TETRA)
    written = export_printable(puzzle, tmp_path, options)
    assert [path.name for path in written] == ["Test-cubes-T.stl", "Test-cubes-I.stl",
                                              "Test-cubes-one.stl"]
    c, r = 10, 0.2
    expected = [eroded_tetra_volume(c, r), (3 * c - 2 * r) * (c - 2 * r) ** 2, (c - 2 * r) ** 3]
    for path, volume, cells in zip(written, expected, (4, 3, 1)):
        mesh = load_stl(path)
        assert mesh.is_watertight and mesh.is_winding_consistent
        assert mesh.volume == pytest.approx(volume, rel=1e-6)
        assert mesh.volume < cells * c ** 3  # the gap's share is taken
        assert mesh.bounds[0] == pytest.approx([0, 0, 0])  # a file per piece: on the floor


def test_chamfered_and_rounded_edges_take_what_the_geometry_says(tmp_path):
    one = cube_puzzle(Piece("one", ((0, 0, 0),)))
    sharp = load_stl(export_printable(one, tmp_path / "s", PrintOptions(gap_mm=0.4))[0])
    chamfer = load_stl(export_printable(one, tmp_path / "c", PrintOptions(
        gap_mm=0.4, edge="chamfer", edge_mm=1.0))[0])
    rounded = load_stl(export_printable(one, tmp_path / "r", PrintOptions(
        gap_mm=0.4, edge="round", edge_mm=1.0))[0])
    b = 10 - 0.4 - 2.0  # the cube shrunk by the gap's half and the edge
    ball = b ** 3 + 6 * b * b + 3 * math.pi * b + 4 / 3 * math.pi  # Steiner with a unit ball
    assert chamfer.volume == pytest.approx(chamfered_cube_volume(10, 0.2, 1.0), rel=1e-6)
    assert rounded.volume == pytest.approx(ball, rel=0.01)  # a ball of 16 segments
    assert chamfer.volume < rounded.volume < sharp.volume == pytest.approx(9.6 ** 3)
    assert all(mesh.is_watertight for mesh in (sharp, chamfer, rounded))
    tetra = cube_puzzle(Piece("T", TETRA))
    cut = load_stl(export_printable(tetra, tmp_path / "t", PrintOptions(
        edge="chamfer", edge_mm=0.5))[0])
    assert cut.is_watertight and cut.volume < eroded_tetra_volume(10, 0.1)


def test_tiles_have_the_cells_area_times_the_thickness(tmp_path):
    hex_piece = Piece("H", ((0, 0), (1, 0), (0, 1), (1, 1)))
    triangle_piece = Piece("T", ((0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1)))
    hexes = Puzzle(kind=GridKind.HEX, name="Hexes", board=hex_piece.cells, pieces=(hex_piece,))
    triangles = Puzzle(kind=GridKind.TRIANGLE, name="Triangles", board=triangle_piece.cells,
                       pieces=(triangle_piece,))
    options = PrintOptions(cell_mm=10, gap_mm=0, thickness_mm=4)
    hex_mesh = load_stl(export_printable(hexes, tmp_path, options)[0])
    triangle_mesh = load_stl(export_printable(triangles, tmp_path, options)[0])
    assert hex_mesh.is_watertight and triangle_mesh.is_watertight
    assert hex_mesh.volume == pytest.approx(4 * 1.5 * SQRT3 * 100 * 4, rel=1e-6)
    assert triangle_mesh.volume == pytest.approx(4 * SQRT3 / 4 * 100 * 4, rel=1e-6)
    assert np.ptp(triangle_mesh.bounds, axis=0)[2] == pytest.approx(4)


@pytest.mark.parametrize("kind, cell, area, perimeter, corners", [
    (GridKind.HEX, (0, 0), 1.5 * SQRT3, 6, 6 / SQRT3),  # a 120-degree corner: cot 60
    (GridKind.TRIANGLE, (0, 0, 1), SQRT3 / 4, 3, 3 * SQRT3),  # a 60-degree corner: cot 30
    (GridKind.SQUARE, (0, 0), 1, 4, 4)])
def test_a_tile_shrinks_by_half_the_gap_on_every_side(kind, cell, area, perimeter, corners):
    """Offset inwards by g with sharp corners: A - g P + g^2 sum cot(corner / 2)."""
    g, size, height = 0.3, 12.0, 3.0
    solid = piece_solid(kind, (cell,), "x", PrintOptions(cell_mm=size, gap_mm=2 * g,
                                                         thickness_mm=height))
    expected = (area * size ** 2 - g * perimeter * size + g * g * corners) * height
    assert solid.volume() == pytest.approx(expected, rel=1e-6)


def test_names_engraved_or_embossed_keep_one_watertight_solid(tmp_path):
    puzzle = cube_puzzle(Piece("L", ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0))))
    volumes = {}
    for names in ("none", "engraved", "embossed"):
        path = export_printable(puzzle, tmp_path / names, PrintOptions(names=names,
                                                                      edge="chamfer"))[0]
        mesh = load_stl(path)
        assert mesh.is_watertight
        volumes[names] = mesh.volume
    assert volumes["engraved"] < volumes["none"] < volumes["embossed"]
    top = load_stl(tmp_path / "embossed" / "Test-cubes-L.stl").bounds[1][2]
    assert top == pytest.approx(9.8 + 0.6, abs=1e-5)  # letters 0.6 mm on the top face


def test_cells_meeting_only_along_an_edge_still_give_a_watertight_file(tmp_path):
    """(0,0,0) and (1,1,0) share an edge and nothing else: with no gap the solid would touch
    itself there; as letters' pixels meeting at a corner would."""
    cells = ((0, 0, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (1, 1, 0))
    puzzle = cube_puzzle(Piece("S5", cells))  # its "5" has pixels meeting at a corner
    for names in ("none", "embossed", "engraved"):
        path = export_printable(puzzle, tmp_path / names, PrintOptions(gap_mm=0,
                                                                      names=names))[0]
        mesh = load_stl(path)
        assert mesh.is_watertight, names
        if names == "none":  # parted by a micrometre: the volume stays the cells'
            assert mesh.volume == pytest.approx(5 * 1000, rel=1e-3)


# --- plates, copies, colours ----------------------------------------------------------------

def test_plates_hold_every_copy_without_overlap(tmp_path):
    pieces = (Piece("L", ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)), count=3,
                    colour="#123456"),
              Piece("I", I3, count=2), Piece("one", ((0, 0, 0),)))
    puzzle = cube_puzzle(*pieces, board=tuple((x, y, 0) for x in range(6) for y in range(3)))
    options = PrintOptions(cell_mm=10, layout="plate", plate_mm=(80, 60), file_format="3mf",
                           board="tray")
    written = export_printable(puzzle, tmp_path, options)
    assert len(written) > 1  # 6 pieces and a box need more than one 80 x 60 plate
    solids = [solid for path in written for solid in load_3mf(path)]
    names = sorted(name for name, _, _ in solids)
    assert names == sorted(["L (1 of 3)", "L (2 of 3)", "L (3 of 3)", "I (1 of 2)",
                            "I (2 of 2)", "one", "box"])
    colours = {name: colour for name, colour, _ in solids}
    assert {colours[f"L ({k} of 3)"] for k in (1, 2, 3)} == {"#123456"}
    assert colours["I (1 of 2)"] == colours["I (2 of 2)"] != colours["one"]
    for path in written:
        plate = load_3mf(path)
        boxes = [mesh.bounds for _, _, mesh in plate]
        for name, _, mesh in plate:
            assert mesh.is_watertight, name
        for low, high in boxes:
            assert (low >= [SPACING_MM - 1e-6, SPACING_MM - 1e-6, -1e-6]).all()
            assert (high[:2] <= np.array([80, 60]) - SPACING_MM + 1e-6).all()
        for i, (low_a, high_a) in enumerate(boxes):
            for low_b, high_b in boxes[i + 1:]:
                apart = (high_a[:2] + SPACING_MM <= low_b[:2] + 1e-6) | \
                        (high_b[:2] + SPACING_MM <= low_a[:2] + 1e-6)
                assert apart.any()


def test_a_plate_as_stl_holds_the_pieces_volumes(tmp_path):
    puzzle = cube_puzzle(Piece("T", TETRA), Piece("one", ((0, 0, 0),), count=2), board=TETRA)
    written = export_printable(puzzle, tmp_path, PrintOptions(layout="plate"))
    assert [path.name for path in written] == ["Test-cubes-plate-1.stl"]
    mesh = load_stl(written[0])
    assert mesh.is_watertight
    assert mesh.volume == pytest.approx(eroded_tetra_volume(10, 0.1) + 2 * 9.8 ** 3, rel=1e-6)
    assert mesh.bounds[0][2] == pytest.approx(0)


def test_3mf_colours_come_from_the_pieces_or_a_palette(tmp_path):
    puzzle = load_any(ROOT / "assets" / "puzzles" / "soma.json")
    written = export_printable(puzzle, tmp_path, PrintOptions(file_format="3mf"))
    assert len(written) == len(puzzle.pieces)
    for path, piece in zip(written, puzzle.pieces):
        [(name, colour, mesh)] = load_3mf(path)
        assert name == piece.name and mesh.is_watertight
        assert colour == (piece.colour.upper() if piece.colour else colour)
        assert piece.size * 9.8 ** 3 < mesh.volume < piece.size * 1000  # less the gap's share
    plain = cube_puzzle(Piece("a\x01", ((0, 0, 0),)), Piece("b", ((1, 0, 0),)))
    colours = [load_3mf(path)[0][1] for path in export_printable(
        plain, tmp_path / "plain", PrintOptions(file_format="3mf"))]
    assert len(set(colours)) == 2 and all(len(colour) == 7 for colour in colours)
    names = [load_3mf(path)[0][0] for path in sorted((tmp_path / "plain").iterdir())]
    assert names == ["a\ufffd", "b"]  # XML 1.0 holds no control characters


# --- what it looks like from above ----------------------------------------------------------

def covered_from_above(mesh: trimesh.Trimesh, points: np.ndarray) -> np.ndarray:
    """Which (x, y) points a ray straight down would hit: inside some triangle's shadow."""
    triangles = mesh.triangles[:, :, :2]
    a, b, c = triangles[:, 0], triangles[:, 1], triangles[:, 2]
    p = points[:, None, :]

    def side(u, v):
        return (v[..., 0] - u[..., 0]) * (p[..., 1] - u[..., 1]) - \
               (v[..., 1] - u[..., 1]) * (p[..., 0] - u[..., 0])
    s1, s2, s3 = side(a, b), side(b, c), side(c, a)
    inside = ((s1 >= 0) & (s2 >= 0) & (s3 >= 0)) | ((s1 <= 0) & (s2 <= 0) & (s3 <= 0))
    u, v = b - a, c - a
    twice_area = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
    return (inside & (np.abs(twice_area) > 1e-12)).any(axis=1)  # not a wall seen edge-on


def test_a_cube_piece_seen_from_above_covers_its_columns(tmp_path):
    cells = ((0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 1, 0), (2, 1, 1), (0, 2, 0), (0, 1, 0))
    puzzle = cube_puzzle(Piece("W", cells))
    mesh = load_stl(export_printable(puzzle, tmp_path, PrintOptions(edge="round"))[0])
    grid = [(x, y) for x in range(-1, 4) for y in range(-1, 4)]
    # a file per piece starts at 0: the cells' corner (gap 0.1 mm) moved there
    centres = np.array([((x + 0.5) * 10 - 0.1, (y + 0.5) * 10 - 0.1) for x, y in grid])
    covered = covered_from_above(mesh, centres)
    assert {cell for cell, hit in zip(grid, covered) if hit} == {(x, y) for x, y, _ in cells}


def test_a_hex_piece_seen_from_above_covers_its_cells():
    cells = ((0, 0), (1, 0), (1, 1), (0, 2))
    solid = piece_solid(GridKind.HEX, cells, "Y", PrintOptions(cell_mm=8, edge="chamfer"))
    mesh = solid.to_mesh()
    shape = trimesh.Trimesh(np.asarray(mesh.vert_properties)[:, :3], mesh.tri_verts)
    grid = [(q, r) for q in range(-2, 4) for r in range(-2, 4)]
    # a hexagon's centre as the app draws it (y down there, up here)
    centres = np.array([(SQRT3 * (q + r / 2) * 8, -1.5 * r * 8) for q, r in grid])
    covered = covered_from_above(shape, centres)
    assert {cell for cell, hit in zip(grid, covered) if hit} == set(cells)


# --- trays and boxes ------------------------------------------------------------------------

def test_a_tray_holds_the_board_with_the_clearance():
    pieces = (Piece("L", ((0, 0), (1, 0), (0, 1))), Piece("J", ((1, 1), (0, 2), (1, 2))))
    puzzle = Puzzle(kind=GridKind.SQUARE, name="Tray", pieces=pieces,
                    board=tuple((x, y) for x in range(2) for y in range(3)))
    options = PrintOptions(cell_mm=10, gap_mm=0.4, thickness_mm=3)
    tray = tray_solid(puzzle, options)
    a, b, g, t = 20, 30, 0.4, 3
    outside = (a + g + 2 * WALL_MM) * (b + g + 2 * WALL_MM) * (FLOOR_MM + t)
    assert tray.volume() == pytest.approx(outside - (a + g) * (b + g) * t, rel=1e-9)
    assert tray.genus() == 0
    placed = [piece_solid(GridKind.SQUARE, piece.cells, piece.name, options)
              .translate((0, 0, FLOOR_MM)) for piece in pieces]
    for solid in placed:  # where the board has them: inside the cavity, touching nothing
        assert (tray ^ solid).volume() == pytest.approx(0, abs=1e-9)
    assert (tray ^ placed[0].translate((-g + 1e-3, 0, 0))).volume() == pytest.approx(0)
    moved = placed[0].translate((-g - 1e-3, 0, 0))  # past the clearance: into the wall
    assert (tray ^ moved).volume() > 0


def test_a_box_holds_a_cube_board(tmp_path):
    pieces = (Piece("T", TETRA), Piece("rest", ((1, 1, 0), (1, 0, 1), (0, 1, 1), (1, 1, 1))))
    puzzle = cube_puzzle(*pieces)
    options = PrintOptions(gap_mm=0.2, board="tray", file_format="3mf")
    written = export_printable(puzzle, tmp_path, options)
    [(name, _, box)] = load_3mf(written[-1])
    assert name == "box" and box.is_watertight
    c, g = 10, 0.2
    outside = (2 * c + g + 2 * WALL_MM) ** 2 * (FLOOR_MM + 2 * c)
    assert box.volume == pytest.approx(outside - (2 * c + g) ** 2 * 2 * c, rel=1e-4)
    solid = tray_solid(puzzle, options)
    for piece in pieces:
        inside = piece_solid(GridKind.CUBE, piece.cells, piece.name, options)
        assert (solid ^ inside.translate((0, 0, FLOOR_MM))).volume() == pytest.approx(0)


# --- progress, cancelling, names ------------------------------------------------------------

def test_progress_reaches_the_end_and_cancelling_writes_nothing(tmp_path):
    puzzle = cube_puzzle(Piece("a/b:c", TETRA), Piece("CON", ((0, 0, 0),)), board=TETRA)
    seen = []
    written = export_printable(puzzle, tmp_path / "done", PrintOptions(),
                               progress=lambda done, total: seen.append((done, total)))
    assert [path.name for path in written] == ["Test-cubes-a-b-c.stl", "Test-cubes-CON.stl"]
    assert seen[-1][0] == seen[-1][1] and seen == sorted(seen)
    with pytest.raises(Cancelled):
        export_printable(puzzle, tmp_path / "stopped", PrintOptions(), cancel=lambda: True)
    assert not list((tmp_path / "stopped").glob("*"))


# --- bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize("changes, words", [
    ({"gap_mm": -0.2}, "the gap must be at least 0 mm"),
    ({"gap_mm": 5.0}, "too large for cells of 10 mm"),
    ({"cell_mm": 0}, "the cell size must be more than 0 mm"),
    ({"edge": "bevel"}, "edge 'bevel' is not one of"),
    ({"edge": "chamfer", "edge_mm": 3.0}, "too large for cells"),
    ({"plate_mm": (220, math.nan)}, "the plate size must be a number")])
def test_bad_options_are_named(changes, words):
    with pytest.raises(PuzzleError, match=words):
        PrintOptions(**changes)


def test_what_cannot_be_printed_is_refused_by_name(tmp_path):
    sudoku = load_any(ROOT / "assets" / "puzzles" / "sudoku-4x4-empty.json")
    with pytest.raises(PuzzleError, match="a Sudoku has no pieces to print"):
        export_printable(sudoku, tmp_path, PrintOptions())
    big = cube_puzzle(Piece("long", tuple((x, 0, 0) for x in range(30))))
    with pytest.raises(PuzzleError, match="long .* does not fit on a plate of 220 x 220 mm"):
        export_printable(big, tmp_path, PrintOptions(layout="plate"))
    with pytest.raises(PuzzleError, match="shipped examples' folder is never written"):
        export_printable(big, ROOT / "assets" / "puzzles" / "prints", PrintOptions())
    assert not (ROOT / "assets" / "puzzles" / "prints").exists()
    assert not list(tmp_path.iterdir())


# --- the command line -----------------------------------------------------------------------

def test_the_command_writes_the_files_and_lists_them(tmp_path, capsys):
    puzzle = ROOT / "assets" / "puzzles" / "soma.json"
    status = solve_main([str(puzzle), "--export-stl", str(tmp_path), "--voxel", "8mm",
                         "--gap", "0.3", "--chamfer", "0.4 mm", "--tray", "--plate",
                         "150x150mm", "--3mf"])
    out = capsys.readouterr().out
    assert status == 0
    written = sorted(tmp_path.glob("*.3mf"))
    assert written and all(f"wrote {path}" in out for path in written)
    solids = [solid for path in written for solid in load_3mf(path)]
    assert len(solids) == 8  # seven pieces and the box
    assert all(mesh.is_watertight for _, _, mesh in solids)


@pytest.mark.parametrize("arguments, words", [
    (["--export-stl", "{out}", "--gap=-1mm"], "argument --gap: '-1mm': give a size"),
    (["--export-stl", "{out}", "--gap", "6"], "the gap 6 mm is too large for cells of 10 mm"),
    (["--export-stl", "{out}", "--plate", "20x20"], "does not fit on a plate of 20 x 20 mm"),
    (["--export-stl", "{out}", "--plate", "wide"], "write it as WIDTHxDEPTH"),
    (["--tray"], "--tray goes with --export-stl FOLDER"),
    (["--export-stl", "{out}", "--chamfer", "1", "--round", "1"], "not allowed with")])
def test_bad_command_lines_get_one_line_and_status_2(tmp_path, capsys, arguments, words):
    puzzle = ROOT / "assets" / "puzzles" / "soma.json"
    arguments = [argument.format(out=tmp_path / "out") for argument in arguments]
    try:
        status = solve_main([str(puzzle), *arguments])
    except SystemExit as stop:  # argparse's own refusals
        status = stop.code
    error = capsys.readouterr().err
    assert status == 2
    assert words in error and "Traceback" not in error
    assert not list(tmp_path.glob("out/*"))


def test_a_sudoku_on_the_command_line_is_refused(tmp_path, capsys):
    sudoku = ROOT / "assets" / "puzzles" / "sudoku-x.json"
    assert solve_main([str(sudoku), "--export-stl", str(tmp_path / "out")]) == 2
    assert "a Sudoku has no pieces to print" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_stl_files_are_binary(tmp_path):
    written = export_printable(cube_puzzle(Piece("one", ((0, 0, 0),))), tmp_path,
                               PrintOptions())
    data = written[0].read_bytes()
    triangles = int.from_bytes(data[80:84], "little")
    assert triangles >= 12 and len(data) == 84 + 50 * triangles  # header, count, triangles
