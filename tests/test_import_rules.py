"""The layout's rules, over the real import graph (static: every import statement, including
those inside functions): the import-linter contracts in pyproject.toml, and what those cannot
say: that the numba kernels import nothing but numpy, numba and each other."""

from __future__ import annotations

from pathlib import Path

import grimp
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
KERNEL_IMPORTS = {"numpy", "numba", "__future__"}  # __future__ changes syntax, imports nothing


def test_the_import_contracts_in_pyproject_hold(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True,
                          no_logo=True)
    report = capsys.readouterr().out
    assert status == 0, report
    assert "5 kept, 0 broken" in report  # every contract was read and checked


def test_the_kernels_import_only_numpy_numba_and_each_other():
    graph = grimp.build_graph("solvers", include_external_packages=True, cache_dir=None)
    kernels = {"solvers.kernels"} | graph.find_descendants("solvers.kernels")
    assert len(kernels) >= 6  # the package and its modules were found
    outside = {(module, imported) for module in kernels
               for imported in graph.find_modules_directly_imported_by(module)
               if imported not in kernels and imported.split(".")[0] not in KERNEL_IMPORTS}
    assert not outside, f"kernels importing other modules: {sorted(outside)}"
