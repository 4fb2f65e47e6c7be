"""Search on → Dask cluster elsewhere…: the address is checked as polygui-solve checks
--cluster (a wrong one keeps the dialog open and says why), a tls:// scheduler takes the
certificate files, and the cluster with its files is kept in the settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from polygui.solving.cluster_dialog import ClusterDialog
from polygui.solving.search_on import ELSEWHERE, SearchOnChoice
from solvers.parallel.cluster_spec import ClusterSpec

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
pytest.importorskip("cryptography", reason="Dask makes TLS certificates with cryptography")


def certificate_files(folder: Path) -> tuple[Path, Path]:
    made = distributed.Security.temporary()
    cert, key = folder / "cert.pem", folder / "key.pem"
    cert.write_text(made.tls_client_cert)
    key.write_text(made.tls_client_key)
    return cert, key


def fill(dialog: ClusterDialog, address: str, ca="", cert="", key="") -> None:
    dialog.address.setText(address)
    for name, path in (("ca_file", ca), ("cert_file", cert), ("key_file", key)):
        dialog.files[name].setText(str(path))


@pytest.mark.parametrize("address, named", [
    ("bogus", "'bogus' is not a cluster address"),
    ("tcp://host", "'tcp://host' is not a scheduler's address"),
    ("tls://host:8786", "a tls:// scheduler needs certificate files"),
])
def test_a_wrong_cluster_keeps_the_dialog_open_and_says_why(qtbot, address, named):
    dialog = ClusterDialog()
    qtbot.addWidget(dialog)
    fill(dialog, address)
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.spec is None
    assert named in dialog.problem.text() and not dialog.problem.isHidden()


def test_a_tls_scheduler_takes_its_certificate_files(qtbot, tmp_path):
    cert, key = certificate_files(tmp_path)
    dialog = ClusterDialog()
    qtbot.addWidget(dialog)
    fill(dialog, "tcp://host:8786", cert, cert, key)
    assert not dialog.files["ca_file"].isEnabled()  # only a tls:// scheduler has them
    dialog.address.setText(" tls://host:8786 ")
    assert dialog.files["ca_file"].isEnabled()
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.spec == ClusterSpec("tls://host:8786", cert, cert, key)


def test_the_cluster_elsewhere_and_its_files_are_kept(qtbot, settings, tmp_path):
    cert, key = certificate_files(tmp_path)
    given = ClusterSpec("tls://host:8786", cert, cert, key)
    choice = SearchOnChoice(settings)
    qtbot.addWidget(choice)
    asked = []
    choice.ask_cluster = lambda parent, known: asked.append(known) or given
    (elsewhere,) = [i for i in range(choice.count()) if choice.itemData(i)[1] == ELSEWHERE]
    choice.setCurrentIndex(elsewhere)
    choice.activated.emit(elsewhere)
    assert asked == [None] and choice.jobs_and_cluster() == (1, given)

    again = SearchOnChoice(settings)
    qtbot.addWidget(again)
    assert again.jobs_and_cluster() == (1, given)  # after a restart, with its files
    again.ask_cluster = lambda parent, known: asked.append(known)  # cancelled
    elsewhere = again.count() - 1
    again.setCurrentIndex(elsewhere)
    again.activated.emit(elsewhere)
    assert asked[-1] == given  # offered again to edit
    assert again.jobs_and_cluster()[1] is None  # back to threads
