"""Solids as file bytes: binary STL (trimesh writes it: one mesh, no colour) and 3MF, the
3D Manufacturing Format (a zip of XML, written here with the standard library: trimesh's
writer keeps no colours), each solid an object of its own with its colour as a base
material, in millimetres."""

from __future__ import annotations

import io
import re
import zipfile
from xml.etree import ElementTree

import numpy as np
import trimesh

from .layout import Solid

CORE = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
MODEL_PATH = "3D/3dmodel.model"
CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
  <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>
"""
RELATIONSHIPS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>
"""
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # no time stamp: the same solids give the same bytes
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def mesh_arrays(solid: Solid) -> tuple[np.ndarray, np.ndarray]:
    """(vertices (N, 3) float, triangles (M, 3) int) of the solid."""
    mesh = solid.shape.to_mesh()
    return (np.asarray(mesh.vert_properties, dtype=float)[:, :3],
            np.asarray(mesh.tri_verts, dtype=np.int64))


def stl_bytes(solids: list[Solid]) -> bytes:
    """The solids as one binary STL."""
    meshes = [trimesh.Trimesh(*mesh_arrays(solid), process=False) for solid in solids]
    combined = meshes[0] if len(meshes) == 1 else trimesh.util.concatenate(meshes)
    return combined.export(file_type="stl")


def threemf_bytes(solids: list[Solid]) -> bytes:
    """The solids as a 3MF package, each an object named as the solid, in its colour."""
    ElementTree.register_namespace("", CORE)
    model = ElementTree.Element(f"{{{CORE}}}model", unit="millimeter")
    ElementTree.SubElement(model, f"{{{CORE}}}metadata", name="Application").text = "PolyGUI"
    resources = ElementTree.SubElement(model, f"{{{CORE}}}resources")
    materials = ElementTree.SubElement(resources, f"{{{CORE}}}basematerials", id="1")
    build = ElementTree.SubElement(model, f"{{{CORE}}}build")
    for index, solid in enumerate(solids):
        name = _NOT_XML.sub("\ufffd", solid.name)  # XML 1.0 holds no controls, no lone surrogates
        ElementTree.SubElement(materials, f"{{{CORE}}}base", name=name,
                               displaycolor=solid.colour.upper())
        ident = str(index + 2)
        item = ElementTree.SubElement(resources, f"{{{CORE}}}object", id=ident, type="model",
                                      name=name, pid="1", pindex=str(index))
        item.append(_mesh(solid))
        ElementTree.SubElement(build, f"{{{CORE}}}item", objectid=ident)
    text = ElementTree.tostring(model, encoding="utf-8", xml_declaration=True)
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in (("[Content_Types].xml", CONTENT_TYPES.encode()),
                           ("_rels/.rels", RELATIONSHIPS.encode()), (MODEL_PATH, text)):
            package.writestr(zipfile.ZipInfo(name, _ZIP_TIME), data,
                             compress_type=zipfile.ZIP_DEFLATED)
    return stream.getvalue()


def _mesh(solid: Solid) -> ElementTree.Element:
    vertices, triangles = mesh_arrays(solid)
    mesh = ElementTree.Element(f"{{{CORE}}}mesh")
    listed = ElementTree.SubElement(mesh, f"{{{CORE}}}vertices")
    for x, y, z in vertices:
        ElementTree.SubElement(listed, f"{{{CORE}}}vertex", x=f"{x:.5f}", y=f"{y:.5f}",
                               z=f"{z:.5f}")
    faces = ElementTree.SubElement(mesh, f"{{{CORE}}}triangles")
    for a, b, c in triangles:
        ElementTree.SubElement(faces, f"{{{CORE}}}triangle", v1=str(a), v2=str(b), v3=str(c))
    return mesh
