"""Ray picking without a display: known cameras, known voxels, known answers."""

import numpy as np
import pytest

from polygui.views.picking import Ray, click_ray, face_normal, pick_ground, pick_voxel

SIZE = 200  # pixels of a square view


def look_at(eye, target, up) -> np.ndarray:
    eye, target, up = (np.asarray(v, dtype=float) for v in (eye, target, up))
    forward = (target - eye) / np.linalg.norm(target - eye)
    side = np.cross(forward, up)
    side /= np.linalg.norm(side)
    true_up = np.cross(side, forward)
    view = np.eye(4)
    view[0, :3], view[1, :3], view[2, :3] = side, true_up, -forward
    view[:3, 3] = -view[:3, :3] @ eye
    return view


def perspective(fov_degrees: float, near: float = 0.1, far: float = 100.0) -> np.ndarray:
    f = 1 / np.tan(np.radians(fov_degrees) / 2)
    return np.array([[f, 0, 0, 0], [0, f, 0, 0],
                     [0, 0, (far + near) / (near - far), 2 * far * near / (near - far)],
                     [0, 0, -1, 0]])


def ray_through(eye, target, up=(0, 1, 0), x=SIZE / 2, y=SIZE / 2) -> Ray:
    return click_ray(look_at(eye, target, up), perspective(40), x, y, SIZE, SIZE)


def test_the_centre_pixel_looks_along_the_view_axis():
    ray = ray_through((0.5, 0.5, 10), (0.5, 0.5, 0))
    assert np.allclose(ray.direction, (0, 0, -1))
    assert np.allclose(ray.origin[:2], (0.5, 0.5))


def test_looking_down_hits_the_top_face_of_the_highest_voxel():
    corners = np.array([(0, 0, 0), (0, 0, 2), (0, 0, 1), (3, 3, 3)])
    hit = pick_voxel(ray_through((0.5, 0.5, 10), (0.5, 0.5, 0)), corners)
    assert hit.index == 1 and hit.normal == (0, 0, 1)
    assert hit.point == pytest.approx((0.5, 0.5, 3))
    assert hit.distance == pytest.approx(10 - 3, abs=0.2)  # from the near plane


@pytest.mark.parametrize("eye, normal, index", [
    ((10, 0.5, 0.5), (1, 0, 0), 2),   # from +x: the voxel furthest along x, its +x face
    ((-10, 0.5, 0.5), (-1, 0, 0), 0),  # from -x: the first voxel, its -x face
    ((0.5, 0.5, -10), (0, 0, -1), 0),  # from below
])
def test_side_views_hit_the_nearest_voxel_on_the_facing_side(eye, normal, index):
    corners = np.array([(0, 0, 0), (1, 0, 0), (2, 0, 0)])
    up = (0, 0, 1) if eye[2] == 0.5 else (0, 1, 0)
    hit = pick_voxel(ray_through(eye, (0.5, 0.5, 0.5), up), corners)
    assert (hit.index, hit.normal) == (index, normal)


def test_an_off_centre_pixel_hits_the_voxel_it_shows():
    # Looking down at a row of voxels along x: the right half of the view shows larger x.
    corners = np.array([(x, 0, 0) for x in range(-3, 4)])
    left = pick_voxel(ray_through((0.5, 0.5, 10), (0.5, 0.5, 0), x=SIZE * 0.25), corners)
    right = pick_voxel(ray_through((0.5, 0.5, 10), (0.5, 0.5, 0), x=SIZE * 0.75), corners)
    assert corners[left.index][0] < 0 < corners[right.index][0]
    # ... and, y counting down the screen, the upper half shows larger y (the view's up).
    column = np.array([(0, y, 0) for y in range(-3, 4)])
    upper = pick_voxel(ray_through((0.5, 0.5, 10), (0.5, 0.5, 0), y=SIZE * 0.25), column)
    lower = pick_voxel(ray_through((0.5, 0.5, 10), (0.5, 0.5, 0), y=SIZE * 0.75), column)
    assert column[lower.index][1] < 0 < column[upper.index][1]


def test_misses_return_none():
    corners = np.array([(0, 0, 0), (1, 0, 0)])
    assert pick_voxel(ray_through((0.5, 0.5, 10), (0.5, 0.5, 20)), corners) is None  # away
    assert pick_voxel(ray_through((5.5, 5.5, 10), (5.5, 5.5, 0)), corners) is None  # beside
    assert pick_voxel(ray_through((0.5, 0.5, 10), (0.5, 0.5, 0)), np.zeros((0, 3))) is None


def test_ground_is_met_below_and_never_behind():
    ray = ray_through((2.5, 1.5, 10), (2.5, 1.5, 0))
    assert pick_ground(ray) == pytest.approx((2.5, 1.5, 0))
    assert pick_ground(ray_through((2.5, 1.5, 10), (2.5, 1.5, 20))) is None
    assert pick_ground(Ray(np.array([0.0, 0, 1]), np.array([1.0, 0, 0]))) is None


def test_face_normal_is_the_face_the_point_lies_on():
    assert face_normal(np.array([1.0, 0.3, 0.6]), np.array([0, 0, 0])) == (1, 0, 0)
    assert face_normal(np.array([2.4, 1.0, 0.5]), np.array([2, 1, 0])) == (0, -1, 0)


def test_random_rays_hit_the_first_voxel_they_pass_through():
    """Marching along the ray in small steps finds no voxel before the one picked, and the
    point picked is on that voxel's surface, on the face named by the normal."""
    generator = np.random.default_rng(7)
    corners = np.unique(generator.integers(0, 5, size=(40, 3)), axis=0)
    occupied = np.zeros((5, 5, 5), dtype=bool)
    occupied[tuple(corners.T)] = True
    steps = np.arange(0, 40, 0.01)
    hits = 0
    for _ in range(200):
        origin = generator.uniform(-4, 9, 3) + np.array([0, 0, 12])
        direction = generator.uniform(2, 3, 3) - origin
        ray = Ray(origin, direction / np.linalg.norm(direction))
        hit = pick_voxel(ray, corners)
        cells = np.floor(ray.origin + steps[:, None] * ray.direction).astype(int)  # every step's
        within = ((cells >= 0) & (cells < 5)).all(axis=1)
        inside = np.zeros(len(steps), dtype=bool)
        inside[within] = occupied[tuple(cells[within].T)]
        first = steps[np.argmax(inside)] if inside.any() else None
        if hit is None:
            assert first is None
            continue
        hits += 1
        assert first == pytest.approx(hit.distance, abs=0.011)
        corner = corners[hit.index]
        axis = int(np.flatnonzero(hit.normal)[0])
        face = corner[axis] + (1 if hit.normal[axis] > 0 else 0)
        assert hit.point[axis] == pytest.approx(face)
        assert np.all(hit.point >= corner - 1e-9) and np.all(hit.point <= corner + 1 + 1e-9)
    assert hits > 50


def test_a_ball_is_hit_on_its_sphere_and_the_ball_added_touches_it_where_clicked():
    """The sphere grid: a ray missing a ball's bounding cube's corner misses the ball, the
    nearest ball wins, and the ball a click adds touches the clicked one on that side."""
    from polygui.views.balls import RADIUS
    from polygui.views.space_look import look_for
    from solvers import GridKind

    balls, grid = look_for(GridKind.SPHERE), GridKind.SPHERE.grid
    cells = np.array([(0, 0, 0), (1, 1, 0)])
    past_corner = Ray(np.array([-5.0, 5.0, 0.0]), np.array([1, -1, 0]) / np.sqrt(2))
    assert pick_voxel(past_corner, cells) is not None  # it grazes the cube's corner
    assert balls.pick(past_corner, cells) is None  # and misses the ball
    hit = balls.pick(Ray(np.array([0.5, 0.5, 9.0]), np.array([0, 0, -1.0])), cells)
    assert hit.index == 0 and hit.normal == (0, 0, 1)
    assert hit.point[2] == pytest.approx(0.5 + RADIUS)  # the ball's top, not its cube's
    for direction in {tuple(int(v) for v in step) for step in grid.neighbour_offsets}:
        unit = np.array(direction) / np.sqrt(2)
        target = np.array([1.5, 1.5, 0.5]) + 0.5 * unit  # on ball (1, 1, 0) towards direction
        ray = Ray(target + 5 * unit, -unit)
        hit = balls.pick(ray, cells)
        if hit.index != 1:
            continue  # (0, 0, 0) is in the way on that side
        beside = grid.cell_beside((1, 1, 0), hit.normal, hit.point)
        assert beside == tuple(np.add((1, 1, 0), direction)), direction
    assert balls.ground_cell(np.array([2.5, 0.5, 0])) == (2, 0, 0)  # a ball's square
    assert balls.ground_cell(np.array([1.9, 0.5, 0])) == (2, 0, 0)  # between: the nearest
    assert all(sum(balls.ground_cell(np.array([x, y, 0]))) % 2 == 0
               for x in np.linspace(0, 4, 9) for y in np.linspace(0, 4, 9))
