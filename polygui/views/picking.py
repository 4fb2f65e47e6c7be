"""Ray picking in numpy: which voxel face (or ball), or which ground cell, is under the mouse.

A click at pixel (x, y) is unprojected through the inverse of projection x view into a ray in
world space; the ray is tested against every voxel's box at once (the slab test) and the
nearest box hit wins. Voxel (x, y, z) is the unit box from (x, y, z) to (x + 1, y + 1, z + 1).
A ball (the sphere grid) of cell (x, y, z) is centred at (x, y, z) + 0.5, as the voxel's box
is. No OpenGL is involved, so this is cheap, exact and testable without a display.
"""

from __future__ import annotations

import numpy as np

from solvers.records import record

TINY = 1e-12  # stands in for a zero ray component, so the slab test never divides by zero


@record
class Ray:
    origin: np.ndarray  # (3,)
    direction: np.ndarray  # (3,) unit length


@record
class Hit:
    index: int  # which of the given voxels
    normal: tuple[int, int, int]  # outward normal of the face hit, one axis +-1
    distance: float  # along the ray
    point: np.ndarray  # (3,) where the ray enters the voxel


def click_ray(view: np.ndarray, projection: np.ndarray, x: float, y: float,
              width: float, height: float) -> Ray:
    """The ray through pixel (x, y) of a width x height view (y down, as Qt counts), from
    4x4 `view` and `projection` matrices in the row-vector-on-the-right convention (OpenGL's
    clip = projection @ view @ world)."""
    ndc_x = 2.0 * x / width - 1.0
    ndc_y = 1.0 - 2.0 * y / height
    inverse = np.linalg.inv(projection @ view)
    near = inverse @ np.array([ndc_x, ndc_y, -1.0, 1.0])
    far = inverse @ np.array([ndc_x, ndc_y, 1.0, 1.0])
    near, far = near[:3] / near[3], far[:3] / far[3]
    direction = far - near
    return Ray(near, direction / np.linalg.norm(direction))


def pick_voxel(ray: Ray, corners: np.ndarray) -> Hit | None:
    """The nearest voxel of `corners` (N, 3) (each voxel's lowest corner) that the ray
    enters in front of its origin, or None."""
    corners = np.asarray(corners, dtype=float).reshape(-1, 3)
    if not len(corners):
        return None
    direction = np.where(np.abs(ray.direction) < TINY, TINY, ray.direction)
    t_low = (corners - ray.origin) / direction
    t_high = (corners + 1.0 - ray.origin) / direction
    enter = np.minimum(t_low, t_high).max(axis=1)
    leave = np.maximum(t_low, t_high).min(axis=1)
    hit = (enter <= leave) & (leave >= 0)
    if not hit.any():
        return None
    distances = np.where(hit, np.maximum(enter, 0.0), np.inf)
    index = int(np.argmin(distances))
    point = ray.origin + distances[index] * ray.direction
    return Hit(index, face_normal(point, corners[index]), float(distances[index]), point)


def pick_ball(ray: Ray, corners: np.ndarray, radius: float) -> Hit | None:
    """The nearest ball of `corners` (N, 3) (each centred at its corner + 0.5) that the ray
    meets in front of its origin, or None. The normal is the axis of the ball's bounding
    cube nearest the point hit (`face_normal`), as a voxel's would be."""
    corners = np.asarray(corners, dtype=float).reshape(-1, 3)
    if not len(corners):
        return None
    to_centre = corners + 0.5 - ray.origin
    along = to_centre @ ray.direction  # the ray's nearest approach to each centre
    miss = np.einsum("ij,ij->i", to_centre, to_centre) - along ** 2  # its distance, squared
    half_chord = np.sqrt(np.maximum(radius ** 2 - miss, 0.0))
    hit = (miss <= radius ** 2) & (along + half_chord >= 0)
    if not hit.any():
        return None
    distances = np.where(hit, np.maximum(along - half_chord, 0.0), np.inf)
    index = int(np.argmin(distances))
    point = ray.origin + distances[index] * ray.direction
    return Hit(index, face_normal(point, corners[index]), float(distances[index]), point)


def face_normal(point: np.ndarray, corner: np.ndarray) -> tuple[int, int, int]:
    """The outward normal of the face of voxel `corner` nearest to `point` (on its surface)."""
    from_centre = np.asarray(point, dtype=float) - (np.asarray(corner, dtype=float) + 0.5)
    axis = int(np.argmax(np.abs(from_centre)))
    normal = [0, 0, 0]
    normal[axis] = 1 if from_centre[axis] >= 0 else -1
    return tuple(normal)


def pick_ground(ray: Ray, height: float = 0.0) -> np.ndarray | None:
    """Where the ray meets the horizontal plane z = `height` in front of its origin, or None
    (looking away from it or along it)."""
    if abs(ray.direction[2]) < TINY:
        return None
    distance = (height - ray.origin[2]) / ray.direction[2]
    if distance <= 0:
        return None
    return ray.origin + distance * ray.direction
