"""pyqtgraph GL items for voxels: one mesh for all faces, one line item for all edges.

`VoxelFaces` keeps its buffers on the GPU and refreshes only what changed: a new solution
re-uploads the colour buffer, the explode slider the positions, visibility toggles the index
buffer. (This uses the buffer bookkeeping of pyqtgraph 0.14's GLMeshItem.)
"""

from __future__ import annotations

import numpy as np
from OpenGL import GL
from pyqtgraph.opengl import GLLinePlotItem, GLMeshItem, shaders
from pyqtgraph.opengl.items.GLMeshItem import DirtyFlag

from .voxels import VoxelMesh

EDGE_RGBA = (0.08, 0.08, 0.1, 0.85)
EDGE_WIDTH = 1.6

# Lit in view space by a key light from the upper left and a weaker fill light from the right,
# over an ambient floor, so the three visible sides of a cube always differ in brightness.
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
            float light = 0.36 + 0.52 * key + 0.24 * fill;
            gl_FragColor = vec4(min(v_color.rgb * light, vec3(1.0)), v_color.a);
        }
    """),
])

# Faces are pushed back a little in depth so the edges drawn on them always win.
FACE_GL_OPTIONS = {
    GL.GL_DEPTH_TEST: True,
    GL.GL_BLEND: False,
    GL.GL_CULL_FACE: False,
    GL.GL_POLYGON_OFFSET_FILL: True,
    "glPolygonOffset": (1.0, 1.0),
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


def voxel_edges(points: np.ndarray) -> GLLinePlotItem:
    """Dark cube edges, hidden behind nearer faces (depth-tested, unlike the default)."""
    return GLLinePlotItem(pos=points, mode="lines", color=EDGE_RGBA, width=EDGE_WIDTH,
                          antialias=True, glOptions="translucent")
