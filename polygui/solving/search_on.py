"""The Solve panel's "Search on" choice: threads on this computer (every core by default), a
Dask cluster of worker processes here, or a Dask scheduler elsewhere (with the certificate
files of a tls:// one: cluster_dialog.py). Kept in the settings."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QWidget

from solvers.parallel.cluster_spec import ClusterSpec
from solvers.parallel.run import available_cores

from .cluster_dialog import FILES, ask_cluster

SETTING = "solve/search_on"
ADDRESS_SETTING = "solve/cluster_address"
FILE_SETTINGS = {name: f"solve/cluster_{name}" for name, _ in FILES}  # a tls:// one's files
ELSEWHERE = "elsewhere"  # the item that asks for a scheduler's address
TOOLTIP = (
    "Where the search runs. Threads share the work of one search between the cores of this "
    "computer (a puzzle solved in a moment stays on one). A Dask cluster spreads it over "
    "worker processes: here, or on other computers running 'dask worker' with PolyGUI "
    "installed (pip install \"polygui[cluster]\"). Long runs are kept either way: Stop offers "
    "to keep the run, and Solve > Resume Run continues it, even after PolyGUI was closed.")


def dask_installed() -> bool:
    return importlib.util.find_spec("distributed") is not None


class SearchOnChoice(QComboBox):
    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.ask_cluster = ask_cluster  # (parent, the last cluster) -> ClusterSpec | None
        self._clusters: dict[str, ClusterSpec] = {}  # the clusters elsewhere, by address
        self.setToolTip(TOOLTIP)
        cores = available_cores()
        self.addItem(f"This computer, {cores} threads" if cores > 1 else "This computer",
                     ("threads", cores))
        for jobs in range(cores - 1, 0, -1):
            self.addItem(f"This computer, {jobs} thread{'s' * (jobs != 1)}", ("threads", jobs))
        if dask_installed():
            self.addItem(f"Dask cluster here, {cores} processes", ("cluster", f"local:{cores}"))
            self.addItem("Dask cluster elsewhere…", ("cluster", ELSEWHERE))
        self._restore()
        self.activated.connect(self._on_activated)

    def jobs_and_cluster(self) -> tuple[int, str | ClusterSpec | None]:
        """(threads, None) or (1, the cluster: "local:N", or one elsewhere with its files)."""
        kind, value = self.currentData()
        return (value, None) if kind == "threads" else (1, self._clusters.get(value, value))

    def fall_back_here(self) -> bool:
        """Search on this computer (every core) from now on, if a cluster was chosen: one
        that could not be reached would keep every next Solve waiting for it. True if so.
        The cluster stays in the list (and a cluster elsewhere in the dialog) to choose again."""
        if self.currentData()[0] != "cluster":
            return False
        self.setCurrentIndex(0)
        self._save()
        return True

    def _on_activated(self, index: int) -> None:
        kind, value = self.itemData(index)
        if kind == "cluster" and value == ELSEWHERE:
            self._ask_address(index)
        self._save()

    def _ask_address(self, index: int) -> None:
        cluster = self.ask_cluster(self, self._saved_cluster())
        if cluster is None:
            self.setCurrentIndex(0)
            return
        self._clusters[cluster.address] = cluster
        self._add_address(cluster.address)
        if self.settings is not None:
            self.settings.setValue(ADDRESS_SETTING, cluster.address)
            for name, key in FILE_SETTINGS.items():
                path = getattr(cluster, name)
                self.settings.setValue(key, str(path) if path is not None else "")

    def _saved_cluster(self) -> ClusterSpec | None:
        """The last cluster elsewhere given, as kept (unchecked: a run checks it again)."""
        address = str(self.settings.value(ADDRESS_SETTING, "")) if self.settings else ""
        if not address:
            return None
        files = (str(self.settings.value(key, "")) for key in FILE_SETTINGS.values())
        return ClusterSpec(address, *(Path(path) if path else None for path in files))

    def _add_address(self, address: str) -> None:
        for index in range(self.count()):
            if self.itemData(index) == ("cluster", address):
                self.setCurrentIndex(index)
                return
        self.insertItem(self.count() - 1, f"Dask cluster at {address}", ("cluster", address))
        self.setCurrentIndex(self.count() - 2)

    def _save(self) -> None:
        if self.settings is not None:
            kind, value = self.currentData()
            self.settings.setValue(SETTING, f"{kind}:{value}")

    def _restore(self) -> None:
        saved = str(self.settings.value(SETTING, "")) if self.settings is not None else ""
        kind, _, value = saved.partition(":")
        for index in range(self.count()):
            data = self.itemData(index)
            if f"{data[0]}:{data[1]}" == saved:
                self.setCurrentIndex(index)
                return
        if kind == "cluster" and value and not value.startswith("local") and dask_installed():
            kept = self._saved_cluster()
            if kept is not None and kept.address == value:
                self._clusters[value] = kept  # with its certificate files
            self._add_address(value)
