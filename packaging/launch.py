"""The bundle's entry point: `polygui` as the installed command, with numba's cache in a
writable per-user folder (the bundle's own folder may be read-only)."""

import os
import sys
from pathlib import Path

if getattr(sys, "frozen", False):
    cache_home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    os.environ.setdefault("NUMBA_CACHE_DIR", str(cache_home / "polygui" / "numba"))

from polygui.app import main  # noqa: E402 (after NUMBA_CACHE_DIR: numba reads it on import)

sys.exit(main())
