"""The layout's rules, over the real import graph (static: every import statement, including
those inside functions): the import-linter contracts in pyproject.toml, and what those cannot
say: that the numba kernels import nothing but numpy, numba and each other (and llvmlite,
numba's code generator, for an intrinsic; their native build's loader and builder also the
standard library)."""

from __future__ import annotations

from pathlib import Path

import logging
import sys

import grimp
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
# __future__ changes syntax, imports nothing; llvmlite comes with numba (bits.prefetch_row)
KERNEL_IMPORTS = {"numpy", "numba", "llvmlite", "__future__"}
NATIVE = {"solvers.kernels.native", "solvers.kernels.native_build"}  # may use the stdlib too


def test_the_import_contracts_in_pyproject_hold(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    loggers = [logger for logger in logging.root.manager.loggerDict.values()
               if isinstance(logger, logging.Logger) and not logger.disabled]
    try:
        status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True,
                              no_logo=True)
    finally:  # its logging set-up disables every logger that exists: the later tests' too
        for logger in loggers:
            logger.disabled = False
    report = capsys.readouterr().out
    assert status == 0, report
    assert "5 kept, 0 broken" in report  # every contract was read and checked


def test_the_kernels_import_only_numpy_numba_and_each_other():
    graph = grimp.build_graph("solvers", include_external_packages=True, cache_dir=None)
    kernels = {"solvers.kernels"} | graph.find_descendants("solvers.kernels")
    assert len(kernels) >= 6  # the package and its modules were found
    assert NATIVE <= kernels

    def allowed(module: str, imported: str) -> bool:
        top = imported.split(".")[0]
        return (imported in kernels or top in KERNEL_IMPORTS
                or (module in NATIVE and top in sys.stdlib_module_names))

    outside = {(module, imported) for module in kernels
               for imported in graph.find_modules_directly_imported_by(module)
               if not allowed(module, imported)}
    assert not outside, f"kernels importing other modules: {sorted(outside)}"
