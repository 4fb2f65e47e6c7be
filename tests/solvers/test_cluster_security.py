"""A Dask scheduler runs the code any client sends it: the local cluster a run starts takes
only clients holding its run's certificate (TLS, on 127.0.0.1), a remote tls:// scheduler is
reached with certificate files, and a wrong --cluster value is named before any work."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from puzzles import ASSETS, shipped
from solvers import Progress
from solvers.cli.main import main
from solvers.parallel.cluster_spec import ClusterError
from solvers.parallel.run import ParallelRun, count_solutions

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
pytest.importorskip("cryptography", reason="Dask makes TLS certificates with cryptography")

INTRUDER_TIMEOUT = 3  # seconds a client without the run's certificate may try
CLUSTER_LOG = "solvers.parallel.cluster"  # says where a run searches


def write_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate (also its own CA) and its key, as PEM files in `folder`."""
    made = distributed.Security.temporary()
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / "cert.pem", folder / "key.pem"
    cert.write_text(made.tls_client_cert)
    key.write_text(made.tls_client_key)
    return cert, key


def encrypted(key: Path) -> Path:
    """`key` with a pass phrase, beside it."""
    from cryptography.hazmat.primitives import serialization

    loaded = serialization.load_pem_private_key(key.read_bytes(), password=None)
    locked = key.with_name("encrypted.pem")
    locked.write_bytes(loaded.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(b"a pass phrase")))
    return locked


INTRUDERS = """
import json, sys
import distributed
address = sys.argv[1]
tries = {"no TLS settings": {"address": address},
         "plain tcp": {"address": address.replace("tls://", "tcp://", 1)},
         "another certificate": {"address": address,
                                 "security": distributed.Security.temporary()}}
said = {}
for who, how in tries.items():
    try:
        distributed.Client(timeout=float(sys.argv[2]), **how).close()
        said[who] = "connected"
    except Exception as error:
        said[who] = "refused: " + type(error).__name__
print(json.dumps(said))
"""


def intruders_try(address: str) -> dict[str, str]:
    """Clients on this machine without the run's certificate, each trying to connect, in a
    process of their own (as another user's program would be; this process's event loops and
    the run's threads do not slow theirs): who -> "connected" or "refused: <error>"."""
    result = subprocess.run([sys.executable, "-c", INTRUDERS, address, str(INTRUDER_TIMEOUT)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_local_cluster_refuses_clients_without_the_runs_certificate(caplog):
    caplog.set_level(logging.INFO, logger=CLUSTER_LOG)
    soma = shipped("soma.json")
    run = ParallelRun(soma, "distinct", cluster="local:2", count_only=True)
    checked = False
    for event in run.events():
        if not checked and isinstance(event, Progress) and event.phase == "searching":
            own = run._backend.client
            address = own.scheduler.address
            assert address.startswith("tls://127.0.0.1:")
            workers = own.scheduler_info()["workers"]
            assert workers and all(w.startswith("tls://127.0.0.1:") for w in workers)
            said = intruders_try(address)
            assert set(said) == {"no TLS settings", "plain tcp", "another certificate"}
            assert all(answer.startswith("refused: ") for answer in said.values()), said
            assert len(own.scheduler_info()["workers"]) == 2  # the run goes on
            said = [r.getMessage() for r in caplog.records if r.name == CLUSTER_LOG]
            assert said == [  # the line polygui-solve shows
                f"searching on a local Dask cluster of 2 worker processes at {address}: TLS "
                f"with a certificate made for this run, on 127.0.0.1 only"]
            checked = True
    assert checked
    assert event.exhausted and event.solutions == count_solutions(soma, "distinct").solutions


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """Certificate files, good and bad, for the checks of --cluster's (made once: a key
    takes a moment)."""
    folder = tmp_path_factory.mktemp("tls")
    pem, key = write_certificate(folder / "tls")
    _, other_key = write_certificate(folder / "other")
    text = folder / "notes.txt"
    text.write_text("not a certificate\n")
    return {"pem": pem, "text": text, "missing": folder / "nowhere.pem",
            "other_key": other_key, "encrypted_key": encrypted(key)}


@pytest.mark.parametrize("options, named", [
    (["--cluster", "bogus"], "'bogus' is not a cluster address: give local:N"),
    (["--cluster", "localhost:8786"], "tcp://HOST:PORT or tls://HOST:PORT"),
    (["--cluster", "udp://host:8786"], "'udp://host:8786' is not a cluster address"),
    (["--cluster", "local:0"], "'local:0': say how many worker processes"),
    (["--cluster", "local:two"], "'local:two': say how many worker processes"),
    (["--cluster", "tcp://host"], "'tcp://host' is not a scheduler's address"),
    (["--cluster", "tcp://host:99999"], "a port from 1 to 65535"),
    (["--cluster", "tcp://:8786"], "'tcp://:8786' is not a scheduler's address"),
    (["--cluster", "tcp://host:8786/path"], "give tcp://HOST:PORT"),
    (["--cluster", "tls://host:8786"], "a tls:// scheduler needs --cluster-ca FILE"),
    (["--cluster", "local:2", "--cluster-ca", "{pem}", "--cluster-cert", "{pem}"],
     "certificate files are for a tls:// scheduler"),
    (["--cluster-ca", "{pem}"], "--cluster-ca, --cluster-cert and --cluster-key go with"),
    (["--cluster", "tls://host:8786", "--cluster-ca", "{missing}", "--cluster-cert", "{pem}"],
     "the CA certificate file does not exist"),
    (["--cluster", "tls://host:8786", "--cluster-ca", "{text}", "--cluster-cert", "{pem}"],
     "not a CA certificate in PEM form"),
    (["--cluster", "tls://host:8786", "--cluster-ca", "{pem}", "--cluster-cert", "{text}"],
     "not a client certificate and its key in PEM form"),
    (["--cluster", "tls://host:8786", "--cluster-ca", "{pem}", "--cluster-cert", "{pem}",
      "--cluster-key", "{other_key}"], "(key values mismatch)"),
    (["--cluster", "tls://host:8786", "--cluster-ca", "{pem}", "--cluster-cert", "{pem}",
      "--cluster-key", "{encrypted_key}"], "the client key is encrypted"),
])
def test_a_wrong_cluster_is_named_before_any_work(files, tmp_path, capsys, options, named):
    """The puzzle file does not exist: the cluster is checked before it is read."""
    argv = [str(tmp_path / "no-such-puzzle.json")]
    argv += [option.format(**files) for option in options]
    with pytest.raises(SystemExit) as ended:
        main(argv)
    err = capsys.readouterr().err
    assert ended.value.code == 2
    assert err.splitlines()[-1].startswith("polygui-solve: error: ")
    assert named in err.splitlines()[-1]
    assert "Traceback" not in err and "no-such-puzzle" not in err


def test_a_run_refuses_a_wrong_cluster_when_it_is_made():
    with pytest.raises(ClusterError, match="'bogus' is not a cluster address"):
        ParallelRun(shipped("soma.json"), cluster="bogus")


@pytest.fixture
def tls_scheduler(tmp_path):
    """A Dask cluster of one worker process that takes only clients holding the CA's
    certificate files (written to tmp_path, as `dask scheduler --tls-*` would be given)."""
    cert, key = write_certificate(tmp_path / "ca")
    files = {"tls_ca_file": str(cert), "tls_scheduler_cert": str(cert),
             "tls_scheduler_key": str(key), "tls_worker_cert": str(cert),
             "tls_worker_key": str(key), "tls_client_cert": str(cert), "tls_client_key": str(key)}
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None,
        silence_logs=logging.ERROR, protocol="tls", host="127.0.0.1",
        security=distributed.Security(require_encryption=True, **files))
    try:
        yield cluster.scheduler_address, cert, key
    finally:
        cluster.close()


def test_a_tls_scheduler_is_reached_with_certificate_files(tls_scheduler, tmp_path, capsys,
                                                           monkeypatch):
    from solvers.parallel import cluster

    address, cert, key = tls_scheduler
    soma = ASSETS / "soma.json"
    tls = ["--cluster", address, "--cluster-ca", cert, "--cluster-cert", cert]
    code = main([str(a) for a in [soma, *tls, "--cluster-key", key, "--json", "--show", "0"]])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert f"searching on the Dask scheduler at {address} (TLS" in err
    assert f'"solutions": {count_solutions(shipped("soma.json")).solutions}' in out
    assert '"complete": true' in out

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "3s")
    other, other_key = write_certificate(tmp_path / "other")
    wrong = ["--cluster", address, "--cluster-ca", cert, "--cluster-cert", other,
             "--cluster-key", other_key]
    assert main([str(a) for a in [soma, *wrong, "--show", "0"]]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith(f"polygui-solve: cannot reach the Dask scheduler at "
                                           f"{address}")
    assert "Traceback" not in err
