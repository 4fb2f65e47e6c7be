"""numba's cache filled ahead of time (solvers/cli/jit_cache.py): a later process loads the
kernels it compiled instead of compiling them again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LOAD_ORBITS = """
import json
from solvers.kernels import native, orbits
from solvers.kernels.native_build import numba_types
stats = {}
for name, arguments in native.EXPORTS["orbits"].items():
    kernel = getattr(orbits, name)
    kernel.compile(numba_types(arguments))
    stats[name] = [sum(kernel.stats.cache_hits.values()), sum(kernel.stats.cache_misses.values())]
print(json.dumps(stats))
"""


def test_a_process_after_the_fill_loads_the_kernels_it_compiled(tmp_path):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    filled = subprocess.run([sys.executable, "-m", "solvers.cli.jit_cache", "--only", "orbits",
                             "--jobs", "1", "--verbose"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    assert filled.returncode == 0, filled.stderr
    assert "orbits:" in filled.stderr and "cache of the kernels filled" in filled.stderr
    loaded = subprocess.run([sys.executable, "-c", LOAD_ORBITS], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    assert loaded.returncode == 0, loaded.stderr
    stats = json.loads(loaded.stdout.strip().splitlines()[-1])
    assert stats == {name: [1, 0] for name in ("image_hashes_of", "sorted_images")}


def test_an_unknown_unit_is_refused_by_name():
    refused = subprocess.run([sys.executable, "-m", "solvers.cli.jit_cache", "--only", "nowhere"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    assert "invalid choice: 'nowhere'" in refused.stderr


NUMBA_FOLDER = """
import os
import solvers.kernels
from solvers.kernels import native
print(os.environ["NUMBA_CACHE_DIR"])
print(native.build_key())
"""


def numba_folder(env: dict[str, str]) -> tuple[Path, str]:
    """(numba's cache folder, the build key) in a fresh process importing the kernels."""
    shown = subprocess.run([sys.executable, "-c", NUMBA_FOLDER], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120, check=True)
    folder, key = shown.stdout.split()
    return Path(folder), key


def test_numba_caches_the_kernels_in_a_folder_named_by_every_kernel_file():
    """numba keys a cached kernel by its own file only: a folder of its own for each version
    of the kernels keeps a kernel from running a helper it inlined from an older file."""
    env = {name: value for name, value in os.environ.items() if name != "NUMBA_CACHE_DIR"}
    folder, key = numba_folder(env)
    assert folder.name == key and folder.parent.name == "numba"
    chosen = {**env, "NUMBA_CACHE_DIR": "/tmp/chosen-by-the-user"}
    assert numba_folder(chosen)[0] == Path("/tmp/chosen-by-the-user")


def test_a_new_version_of_the_kernels_removes_the_older_caches(tmp_path):
    from solvers.kernels.native import keyed_folder

    (tmp_path / "older" / "cached").mkdir(parents=True)
    (tmp_path / "loose.nbi").write_text("an older bundle's cache, not in a folder")
    assert keyed_folder(tmp_path, "current") == tmp_path / "current"
    assert not (tmp_path / "older").exists() and not (tmp_path / "loose.nbi").exists()
    (tmp_path / "current").mkdir()
    (tmp_path / "other").mkdir()
    keyed_folder(tmp_path, "current")  # not new: nothing removed
    assert (tmp_path / "other").is_dir()
