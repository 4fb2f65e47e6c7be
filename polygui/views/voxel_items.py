"""pyqtgraph GL items for voxels: one mesh for all faces, one line item for all edges.

`VoxelFaces` keeps its buffers on the GPU and refreshes only what changed: a new solution
re-uploads the colour buffer, the explode slider the positions, visibility toggles the index
buffer. (This uses the buffer bookkeeping of pyqtgraph 0.14's GLMeshItem.)

Edges lie exactly on faces, so which one the depth test keeps is up to rounding: edges came
and went in dashes, and seen face on (from straight above) vanished. `EdgeLines` draws them a
fixed step nearer the camera in the depth buffer (in its vertex shader), which wins at every
angle on every OpenGL, unlike a polygon offset, whose step each implementation sizes its own
way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import numpy as np
from OpenGL import GL
from OpenGL.GL import shaders as gl_shaders
from PySide6.QtGui import QOpenGLContext
from pyqtgraph.opengl import GLLinePlotItem, GLMeshItem, shaders
from pyqtgraph.opengl.items import GLLinePlotItem as line_module
from pyqtgraph.opengl.items.GLMeshItem import DirtyFlag

from .voxels import VoxelMesh

OUTLINE_RGBA = (0.07, 0.07, 0.09, 0.95)  # where a piece's surface folds or meets another
OUTLINE_WIDTH = 2.0
SEAM_RGBA = (0.0, 0.0, 0.0, 0.22)  # between two cubes of one piece, side by side
SEAM_WIDTH = 1.0
EDGE_DEPTH_BIAS = 4e-4  # of the depth range (-1 to 1): with the view's clipping planes, about
# a hundredth of a cube at the usual distance, far less than any face that should hide an edge

# Lit in view space by a key light from the upper left and a weak fill light from the right,
# over a high ambient floor: the side facing the key light shows the piece's own colour (as its
# legend swatch does; seen from the usual angle the top is lit 0.99, the sides 0.88 and 0.76),
# and the three visible sides of a cube always differ in brightness.
SOFT_SHADER = shaders.ShaderProgram("polygui-soft", [
    shaders.VertexShader("""
        uniform mat4 u_mvp;
        uniform mat3 u_normal;
        attribute vec4 a_position;
        attribute vec3 a_normal;
        attribute vec4 a_color;
        varying vec4 v_color;
        varying vec3 v_normal;
        void main() {
            v_normal = normalize(u_normal * a_normal);
            v_color = a_color;
            gl_Position = u_mvp * a_position;
        }
    """),
    shaders.FragmentShader("""
        #ifdef GL_ES
        precision mediump float;
        #endif
        varying vec4 v_color;
        varying vec3 v_normal;
        void main() {
            vec3 n = normalize(v_normal);
            float key = max(dot(n, normalize(vec3(-0.45, 0.65, 0.6))), 0.0);
            float fill = max(dot(n, normalize(vec3(0.7, -0.25, 0.65))), 0.0);
            float light = min(0.70 + 0.34 * key + 0.06 * fill, 1.0);
            gl_FragColor = vec4(min(v_color.rgb * light, vec3(1.0)), v_color.a);
        }
    """),
])

# lines drawn over everything, seen through the voxels (a preview, a cell named inside a box)
ON_TOP = {GL.GL_DEPTH_TEST: False, GL.GL_BLEND: True,
          "glBlendFunc": (GL.GL_SRC_ALPHA, GL.GL_ONE_MINUS_SRC_ALPHA)}

FACE_GL_OPTIONS = {
    GL.GL_DEPTH_TEST: True,
    GL.GL_BLEND: False,
    GL.GL_CULL_FACE: False,
}


class VoxelFaces(GLMeshItem):
    """Every face of every voxel, flat-shaded, one colour per voxel."""

    def __init__(self, mesh: VoxelMesh, vertex_colours: np.ndarray) -> None:
        self._pending = DirtyFlag(0)
        super().__init__(vertexes=mesh.vertices, faces=mesh.triangles,
                         vertexColors=vertex_colours, smooth=True, computeNormals=False,
                         shader=SOFT_SHADER, glOptions=FACE_GL_OPTIONS)
        self._normals = mesh.normals

    def set_vertex_colours(self, colours: np.ndarray) -> None:
        mesh_data = self.opts["meshdata"]
        mesh_data.setVertexColors(colours)
        self._refresh(DirtyFlag.COLOR, "colors", mesh_data.vertexColors())

    def set_positions(self, vertices: np.ndarray) -> None:
        mesh_data = self.opts["meshdata"]
        mesh_data.setVertexes(vertices, resetNormals=False)
        self._refresh(DirtyFlag.POSITION, "vertexes", mesh_data.vertexes())

    def set_triangles(self, triangles: np.ndarray) -> None:
        mesh_data = self.opts["meshdata"]
        mesh_data.setFaces(triangles)
        self._refresh(DirtyFlag.FACES, "faces", mesh_data.faces())

    def _refresh(self, flag: DirtyFlag, attribute: str, array: np.ndarray) -> None:
        if self.vertexes is not None:  # parsed and uploaded already: replace one buffer
            setattr(self, attribute, array)
            self._pending |= flag
        self.update()

    def parseMeshData(self) -> DirtyFlag:
        first = self.vertexes is None
        dirty = super().parseMeshData() | self._pending
        if first and self.vertexes is not None:  # our normals: one per face, never averaged
            self.normals = self._normals
            dirty |= DirtyFlag.NORMAL
        self._pending = DirtyFlag(0)
        return dirty


def _biased(vertex_source: str) -> str:
    plain = "gl_Position = u_mvp * a_position;"
    assert plain in vertex_source, "pyqtgraph's line shader changed"
    return vertex_source.replace(plain, plain + f"\n gl_Position.z -= {EDGE_DEPTH_BIAS} "
                                                "* gl_Position.w;")


class EdgeLines(GLLinePlotItem):
    """GLLinePlotItem drawn EDGE_DEPTH_BIAS nearer the camera (see the module docstring),
    depth-tested so nearer faces still hide it."""

    _biased_program = None  # one for all views: their OpenGL contexts share objects

    def __init__(self, points: np.ndarray, rgba: tuple, width: float) -> None:
        super().__init__(pos=points, mode="lines", color=rgba, width=width, antialias=True,
                         glOptions="translucent")

    @staticmethod
    def getShaderProgram():
        """GLLinePlotItem's program for this context's GLSL, with the depth bias."""
        if EdgeLines._biased_program is None:
            context = QOpenGLContext.currentContext()
            version = context.format().version()
            core = version >= ((3, 0) if context.isOpenGLES() else (3, 1))
            header = ("#version 300 es\n" if context.isOpenGLES() else "#version 140\n") \
                if core else ""
            sources = dict(line_module.SHADER_CORE if core else line_module.SHADER_LEGACY)
            sources[GL.GL_VERTEX_SHADER] = _biased(sources[GL.GL_VERTEX_SHADER])
            program = gl_shaders.compileProgram(*(gl_shaders.compileShader([header, source], kind)
                                                  for kind, source in sources.items()))
            GL.glBindAttribLocation(program, 0, "a_position")
            GL.glBindAttribLocation(program, 1, "a_color")
            GL.glLinkProgram(program)
            EdgeLines._biased_program = program
        return EdgeLines._biased_program


def outline_edges(points: np.ndarray) -> EdgeLines:
    return EdgeLines(points, OUTLINE_RGBA, OUTLINE_WIDTH)


def seam_edges(points: np.ndarray) -> EdgeLines:
    return EdgeLines(points, SEAM_RGBA, SEAM_WIDTH)


@contextmanager
def widened(lines: Iterable[EdgeLines], factor: float) -> Iterator[None]:
    """`lines` `factor` times as wide meanwhile (GL line widths are in pixels: a picture drawn
    larger to be scaled down needs wider lines)."""
    lines = list(lines)
    widths = [item.width for item in lines]
    for item, width in zip(lines, widths):
        item.width = width * factor
    try:
        yield
    finally:
        for item, width in zip(lines, widths):
            item.width = width
