"""The Solve panel's "Dask cluster elsewhere…": a scheduler's address and, for a tls:// one, the
certificate files it trusts (polygui-solve's --cluster-ca, --cluster-cert, --cluster-key),
checked as the command line checks them before the dialog closes."""

from __future__ import annotations

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QWidget)

from solvers.parallel.cluster_spec import ClusterError, ClusterSpec, cluster_spec

WARNING = ("A Dask scheduler runs the code of anyone who can reach it: give a tls:// address "
           "with the certificate files its scheduler trusts, or keep a tcp:// one to a network "
           "you trust alone.")
FILES = (("ca_file", "CA certificate"), ("cert_file", "Client certificate"),
         ("key_file", "Client key"))


class ClusterDialog(QDialog):
    """`spec` after exec(): the checked cluster, its files kept only for a tls:// address."""

    def __init__(self, known: ClusterSpec | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Dask cluster")
        self.spec: ClusterSpec | None = None
        self.address = QLineEdit(known.address if known else "tls://")
        self.address.setToolTip("The address 'dask scheduler' prints on the cluster's "
                                "computer: tls://HOST:PORT or tcp://HOST:PORT")
        self.files: dict[str, QLineEdit] = {}
        self._browse_buttons: list[QPushButton] = []
        form = QFormLayout(self)
        note = QLabel(WARNING)
        note.setWordWrap(True)
        form.addRow(note)
        form.addRow("Scheduler", self.address)
        for name, label in FILES:
            path = getattr(known, name, None) if known else None
            self.files[name] = box = QLineEdit(str(path) if path else "")
            box.setPlaceholderText("(in the certificate file)" if name == "key_file" else "")
            browse = QPushButton("Browse…")
            self._browse_buttons.append(browse)
            browse.clicked.connect(lambda _=False, box=box, label=label: self._browse(box, label))
            row = QHBoxLayout()
            row.addWidget(box, 1)
            row.addWidget(browse)
            form.addRow(label, row)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        self.problem.hide()
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.address.textChanged.connect(self._show_files)
        self._show_files(self.address.text())
        self.resize(560, self.sizeHint().height())

    def _show_files(self, address: str) -> None:
        """The certificate files only for a tls:// address (a local cluster makes its own)."""
        for widget in [*self.files.values(), *self._browse_buttons]:
            widget.setEnabled(address.strip().startswith("tls://"))

    def _browse(self, box: QLineEdit, label: str) -> None:
        path, _ = QFileDialog.getOpenFileName(self, label, box.text(),
                                              "PEM files (*.pem *.crt *.key);;All files (*)")
        if path:
            box.setText(path)

    def accept(self) -> None:
        """Close only on an address (and files) a run can use; otherwise say what is wrong."""
        address = self.address.text().strip()
        tls = address.startswith("tls://")
        files = [(self.files[name].text().strip() or None) if tls else None
                 for name, _ in FILES]
        try:
            self.spec = cluster_spec(address, *files)
        except ClusterError as error:
            self.problem.setText(str(error))
            self.problem.show()
            return
        super().accept()


def ask_cluster(parent: QWidget, known: ClusterSpec | None) -> ClusterSpec | None:
    """The cluster the user gives, checked; None if they cancel."""
    dialog = ClusterDialog(known, parent)
    return dialog.spec if dialog.exec() == QDialog.DialogCode.Accepted else None
