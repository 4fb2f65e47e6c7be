"""The puzzle library: classic puzzles with their published solution counts (File > Puzzle
Library... in the app, `bench/bench_library.py` to check every count). The entries live in
assets/library/*.json, boards as text pictures or shapes, pieces as named sets; `load_library`
reads and checks them, `LibraryEntry.puzzle()` builds one."""

from .entries import DIFFICULTIES, LibraryEntry, LibraryError, load_library, library_dir

__all__ = ["DIFFICULTIES", "LibraryEntry", "LibraryError", "library_dir", "load_library"]
