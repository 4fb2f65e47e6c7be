"""Stopping long work from outside: a step that may take long (preparing a big puzzle) takes a
`cancel` callable and calls `check_cancel` often enough (every few milliseconds of work); once
the callable returns True, the step raises `Cancelled`, leaving nothing half done behind."""

from __future__ import annotations

from collections.abc import Callable

CancelCheck = Callable[[], bool]


class Cancelled(Exception):
    """The work was asked to stop (its cancel check returned True)."""


def check_cancel(cancel: CancelCheck | None) -> None:
    if cancel is not None and cancel():
        raise Cancelled()
