"""Where a run's Dask cluster is, checked before any work: `local:N`, `tcp://HOST:PORT`, or
`tls://HOST:PORT` with the certificate files its scheduler trusts.

Standard library only: Dask takes seconds to import, and a wrong value must be said at once
(the command line and the app check it before a run starts, the run again when it is made).
The Dask Security objects are made here too, from the Dask module the backend passes in: a
certificate made for each local cluster (a Dask scheduler runs the code any client sends it),
the files given for a tls:// one.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from ..records import record

FORMS = ("local:N (N worker processes on this computer), tcp://HOST:PORT or tls://HOST:PORT "
         "(a Dask scheduler)")


class ClusterError(RuntimeError):
    """The cluster cannot be reached or used: the message says why."""


@record
class ClusterSpec:
    """A checked cluster: make one with `cluster_spec`. The files are a tls:// scheduler's:
    the CA certificate it trusts, this side's certificate, and its key (None when the
    certificate file holds it)."""

    address: str
    ca_file: Path | None = None
    cert_file: Path | None = None
    key_file: Path | None = None

    @property
    def local_workers(self) -> int:
        """N for `local:N` (worker processes this run starts here), 0 for a scheduler."""
        return int(self.address[len("local:"):]) if self.address.startswith("local:") else 0

    @property
    def tls(self) -> bool:
        return self.address.startswith("tls://")


def cluster_spec(address: str | ClusterSpec, ca_file: str | Path | None = None,
                 cert_file: str | Path | None = None,
                 key_file: str | Path | None = None) -> ClusterSpec:
    """The cluster `address` names, with the TLS files for a tls:// one; ClusterError, naming
    the value and what is accepted, when it is none of FORMS or the files do not load. A
    ClusterSpec (files given with it) is checked again."""
    if isinstance(address, ClusterSpec):
        address, ca_file, cert_file, key_file = (address.address, address.ca_file,
                                                 address.cert_file, address.key_file)
    files = [Path(f) if f is not None else None for f in (ca_file, cert_file, key_file)]
    _check_address(address)
    if address.startswith("tls://"):
        ca, cert, key = files
        if ca is None or cert is None:
            raise ClusterError(
                f"{address}: a tls:// scheduler needs certificate files: the CA certificate "
                f"it trusts and a client certificate (with its key, in the same file or apart)")
        _check_tls_files(ca, cert, key)
    elif any(files):
        raise ClusterError(f"{address}: certificate files are for a tls:// scheduler (a local "
                           f"cluster makes its own for each run)")
    return ClusterSpec(address, *files)


def run_certificate(distributed):
    """A self-signed certificate and key, in memory, for one local cluster: its scheduler,
    workers and client, and no one else, can talk to each other."""
    try:
        return distributed.Security.temporary()
    except ImportError as error:  # Dask makes it with `cryptography`
        raise ClusterError('a local cluster needs the cryptography package: '
                           'pip install "polygui[cluster]"') from error


def client_security(distributed, spec: ClusterSpec):
    """The TLS files of a tls:// scheduler; None (Dask's own configuration) for tcp://."""
    if not spec.tls:
        return None
    return distributed.Security(
        tls_ca_file=str(spec.ca_file), tls_client_cert=str(spec.cert_file),
        tls_client_key=str(spec.key_file) if spec.key_file is not None else None,
        require_encryption=True)


def _check_address(address: str) -> None:
    if not isinstance(address, str):
        raise ClusterError(f"{address!r} is not a cluster address: give {FORMS}")
    if address.startswith("local:"):
        count = address[len("local:"):]
        if not (count.isdigit() and count.isascii() and int(count) >= 1):
            raise ClusterError(f"{address!r}: say how many worker processes, e.g. local:4")
        return
    scheme, separator, _ = address.partition("://")
    if not separator or scheme not in ("tcp", "tls"):
        raise ClusterError(f"{address!r} is not a cluster address: give {FORMS}")
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError:  # a port that is not a number from 0 to 65535
        port, parts = None, None
    if (parts is None or not parts.hostname or not port or parts.path or parts.query
            or parts.fragment or "@" in parts.netloc):
        raise ClusterError(f"{address!r} is not a scheduler's address: give {scheme}://HOST:PORT "
                           f"(a port from 1 to 65535, e.g. {scheme}://192.168.1.10:8786)")


def _check_tls_files(ca: Path, cert: Path, key: Path | None) -> None:
    """Load the files as Dask will, so that a wrong one is named now, not as a failed
    connection. An encrypted key is refused: Dask would ask for its pass phrase on the
    terminal."""
    import ssl  # here: 40 ms that a run without TLS does not pay

    for role, path in (("CA certificate", ca), ("client certificate", cert), ("client key", key)):
        if path is not None and not path.is_file():
            raise ClusterError(f"{path}: the {role} file does not exist")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    try:
        context.load_verify_locations(cafile=ca)
    except OSError as error:  # ssl.SSLError too
        raise ClusterError(f"{ca}: not a CA certificate in PEM form ({_reason(error)})") from error
    try:
        context.load_cert_chain(cert, key, password=_refuse_pass_phrase)
    except _EncryptedKey as error:
        raise ClusterError(f"{key or cert}: the client key is encrypted; give it without a "
                           f"pass phrase (keep the file readable by you alone)") from error
    except OSError as error:
        pair = f"{cert} with {key}" if key is not None else f"{cert}"
        raise ClusterError(f"{pair}: not a client certificate and its key in PEM form "
                           f"({_reason(error)})") from error


class _EncryptedKey(Exception):
    pass


def _refuse_pass_phrase() -> bytes:
    raise _EncryptedKey


def _reason(error: OSError) -> str:
    """OpenSSL's reason (KEY_VALUES_MISMATCH: "key values mismatch"), or the system's."""
    import ssl

    if isinstance(error, ssl.SSLError):  # its strerror: "PEM lib (_ssl.c:3905)"
        return error.reason.replace("_", " ").lower() if error.reason else "not PEM"
    return error.strerror or str(error)
