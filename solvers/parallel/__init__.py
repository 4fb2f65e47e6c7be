"""Solving on every core, on a Dask cluster, and across restarts: the search tree split into
tasks named by their prefix (`tasks`), run by a thread pool or a cluster, with the finished
tasks kept in a run file from which a stopped run resumes exactly. Imports search,
placements and puzzle."""
