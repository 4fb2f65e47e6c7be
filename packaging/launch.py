"""The bundle's entry point: `polygui` as the installed command. numba's cache goes to a
per-user folder of this version of the kernels (solvers.kernels.native.keep_jit_cache_by_key:
the bundle's own folder may be read-only, and a fixed folder would keep an older version's
machine code)."""

import sys

from polygui.app import main

sys.exit(main())
