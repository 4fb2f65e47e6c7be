"""The XML of a BurrTools file, read defensively: the gzip stream up to MAX_FILE_BYTES, the
text decoded here (so that the check for document types runs on the very text the parser
reads, whatever the encoding), and every number of it through one strict helper.

Why decode here: a check of the raw bytes for `<!ENTITY` misses UTF-16, where each
character is two bytes, and expat decodes UTF-16 (and declared encodings) by itself. Parsed
as a str, the XML is read as that str whatever its declaration says, so what was checked is
what is parsed. The encodings read are those expat reads itself (UTF-8, UTF-16, ASCII,
Latin-1); BurrTools writes UTF-8.
"""

from __future__ import annotations

import codecs
import gzip
import re
import zlib
from pathlib import Path
from xml.etree import ElementTree

from .errors import PuzzleError
from .limits import MAX_FILE_BYTES, shown

GZIP_MAGIC = b"\x1f\x8b"
INT_MAX = 2 ** 31 - 1  # BurrTools keeps its counts, sizes and ids in C ints
ENCODINGS = {"utf-8", "utf-16", "utf-16-le", "utf-16-be", "ascii", "iso8859-1"}
_DECLARED = re.compile(rb"<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]{1,40})[\"']")
_SNIFFED = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
            (codecs.BOM_UTF16_BE, "utf-16"), (b"<\0", "utf-16-le"), (b"\0<", "utf-16-be"))
_DIGITS = re.compile(r"[0-9]+")


def read_xml(path: Path) -> ElementTree.Element:
    """The root `<puzzle>` of a BurrTools file; PuzzleError when it is not gzip or XML, too
    large, not text, has a document type (DTD, entities) or is not XML."""
    data = _xml_bytes(path)
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleError(f"{path.name}: more than {MAX_FILE_BYTES >> 20} MiB of XML, more "
                          "than any puzzle PolyGUI takes")
    text = _decoded(data, path.name)
    if not text.lstrip().startswith("<"):
        raise PuzzleError(f"{path.name}: not a BurrTools file (neither gzip-compressed nor XML)")
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise PuzzleError(f"{path.name}: XML document types and entity declarations are not "
                          "read")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        raise PuzzleError(f"{path.name}: not valid XML ({error})") from None
    if root.tag != "puzzle":
        raise PuzzleError(f"{path.name}: not a BurrTools puzzle (its XML is <{shown(root.tag)}>)")
    return root


def _xml_bytes(path: Path) -> bytes:
    """Up to MAX_FILE_BYTES + 1 bytes of XML: gzip-compressed, as BurrTools writes its files,
    or plain (BurrTools reads both: its gzstream, zlib, passes plain data through)."""
    try:
        with open(path, "rb") as stream:
            compressed = stream.read(len(GZIP_MAGIC)) == GZIP_MAGIC
        with (gzip.open if compressed else open)(path, "rb") as stream:
            return stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        if isinstance(error, gzip.BadGzipFile):
            raise PuzzleError(f"{path.name}: its gzip data is damaged ({error})") from None
        raise PuzzleError(f"{path.name}: cannot read: {error.strerror or error}") from None
    except (EOFError, zlib.error):
        raise PuzzleError(f"{path.name}: the compressed data is cut short or damaged") from None


def _decoded(data: bytes, name: str) -> str:
    """The text of the XML: in the encoding its first bytes show (a byte-order mark, or
    UTF-16's `<`), else the one it declares, else UTF-8."""
    encoding = next((codec for start, codec in _SNIFFED if data.startswith(start)), None)
    if encoding is None:
        declared = _DECLARED.match(data)
        encoding = declared.group(1).decode("ascii") if declared else "utf-8"
        try:
            known = codecs.lookup(encoding).name in ENCODINGS
        except LookupError:
            known = False
        if not known:
            raise PuzzleError(f"{name}: its XML is in the encoding {shown(encoding)}; PolyGUI "
                              "reads UTF-8, UTF-16, ASCII and Latin-1")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise PuzzleError(f"{name}: its text is not valid {encoding} (byte {error.start:,})") \
            from None


def whole_number(element: ElementTree.Element, key: str, where: str, most: int, *,
                 least: int = 0, default: int | None = None) -> int:
    """Attribute `key` of `element` (named by `where`, or by the message's prefix when
    empty) as a whole number from `least` to `most`, or `default` when it is absent (None:
    it is required). ASCII digits only, at
    most as many as `most` has: `str.isdigit` accepts '²', which `int` refuses, and `int`
    refuses more than 4,300 digits."""
    text = element.get(key)
    if text is None:
        if default is None:
            raise PuzzleError(f"{where}: its {key} is missing" if where else
                              f"its {key} is missing")
        return default
    return whole_text(text, f"its {key}", where, most, least=least)


def whole_text(text: str, what: str, where: str, most: int, *, least: int = 0) -> int:
    """`text` as a whole number from `least` to `most` (see whole_number); PuzzleError
    "{where}: {what} '…' is not a whole number from … to …" otherwise."""
    if _DIGITS.fullmatch(text) and len(text) <= len(str(most)) and least <= int(text) <= most:
        return int(text)
    prefix = f"{where}: " if where else ""
    raise PuzzleError(f"{prefix}{what} {shown(text)} is not a whole number from {least:,} to "
                      f"{most:,}")


def named(text: str, width: int = 60) -> str:
    """A name from the file, for a message: on one line, cut to about `width` characters."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"
