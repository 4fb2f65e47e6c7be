"""Rating a file of Sudokus on a Dask cluster (`polygui-solve --rate-batch FILE --cluster
ADDRESS`): the lines go to the workers in chunks, each worker process loads the logical
solver's kernels once, and the ratings come back in the file's order. A bounded number of
chunks is out at a time, so memory stays bounded whatever the file's length; a chunk whose
worker dies is run again elsewhere by the scheduler."""

from __future__ import annotations

import logging
import uuid
from collections import deque
from collections.abc import Iterable, Iterator
from itertools import islice

from ..logic.batch import Rated, puzzle_lines, rate_line
from .cluster import describe, open_client, worker_threads
from .cluster_spec import ClusterError, ClusterSpec

CHUNK = 16  # puzzles a Dask task rates (a task costs milliseconds to schedule)
OUT_PER_WORKER = 4  # chunks out at a time per worker thread
log = logging.getLogger("solvers.parallel.cluster")  # the line polygui-solve shows
_warm = False  # in a worker process: the solver's kernels are loaded


def rate_lines_on_cluster(lines: Iterable[str], spec: ClusterSpec,
                          profile_name: str) -> Iterator[Rated]:
    """The rating of each puzzle line, in order, on the cluster `spec` names (a LocalCluster
    started for it is closed at the end, or when the caller stops early)."""
    client, cluster = open_client(spec)
    out: deque = deque()
    try:
        log.info("rating on %s", describe(spec, client))
        most_out = OUT_PER_WORKER * worker_threads(client)
        numbered = puzzle_lines(lines)
        run = uuid.uuid4().hex[:12]
        number = 0
        while chunk := list(islice(numbered, CHUNK)):
            out.append(client.submit(rate_chunk, chunk, profile_name, pure=False,
                                     key=f"polygui-rate-{run}-{number}"))
            number += 1
            while len(out) >= most_out:
                yield from _results(out.popleft())
        while out:
            yield from _results(out.popleft())
    finally:
        for future in out:
            future.cancel()
        client.close()
        if cluster is not None:
            cluster.close()


def _results(future) -> list[Rated]:
    try:
        return future.result()
    except Exception as error:  # a worker's failure, not a puzzle's (those come as Rated)
        raise ClusterError(f"rating failed on the cluster: {error}") from error


def rate_chunk(chunk: list[tuple[int, str]], profile_name: str) -> list[Rated]:
    """On a worker: the chunk's lines rated (the kernels loaded by the first chunk, not
    timed in any puzzle's seconds)."""
    global _warm
    if not _warm:
        from ..logic.truth import warm_up

        warm_up()
        _warm = True
    return [rate_line(numbered, profile_name) for numbered in chunk]
