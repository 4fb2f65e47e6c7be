"""`@record`: a frozen dataclass that costs a third as much to define.

Why: Python 3.11's `dataclass(frozen=True)` compiles six methods for every class (`__init__`,
`__repr__`, `__eq__`, `__hash__`, `__setattr__`, `__delattr__`), 0.5-1 ms a class. A count of
a BurrTools file defines 22 such classes before it reads the file: 10 ms of its start-up, on
files BurrTools answers in a few (issue 31). A record keeps dataclasses' own `__init__`
and shares the other five, written once here, which find the fields on the class.

Everything else is a dataclass's: `dataclasses.fields`, `replace` and `asdict` work, and an
instance behaves as a frozen dataclass's does (FrozenInstanceError on assignment or deletion,
equality and hash by the compared fields, the same repr, pickled and copied the same way).
The cost: `__init__` assigns the fields through `__setattr__`, which lets each be set once
(0.7 µs more for four fields), and `__post_init__` still sets derived fields with
`object.__setattr__`, as on a frozen dataclass.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

Class = TypeVar("Class", bound=type)


@overload
def record(cls: Class, /) -> Class: ...


@overload
def record(*, eq: bool = True) -> Callable[[Class], Class]: ...


@dataclass_transform(frozen_default=True)
def record(cls: Class | None = None, /, *, eq: bool = True) -> Any:
    """`@dataclass(frozen=True)`, or with `eq=False` `@dataclass(frozen=True, eq=False)`
    (equal only to itself, hashed by identity)."""

    def make(cls: Class) -> Class:
        cls.__setattr__ = _assign_once  # type: ignore[assignment]
        cls.__delattr__ = _refuse_deletion  # type: ignore[assignment]
        cls = dataclasses.dataclass(cls, repr=False, eq=False)
        fields = dataclasses.fields(cls)
        cls.__record_fields__ = frozenset(field.name for field in fields)
        cls.__record_shown__ = tuple(field.name for field in fields if field.repr)
        cls.__repr__ = _repr  # type: ignore[assignment]
        if eq:
            cls.__record_compared__ = staticmethod(_values_of(
                [field.name for field in fields if field.compare]))
            cls.__record_hashed__ = staticmethod(_values_of(
                [field.name for field in fields
                 if (field.compare if field.hash is None else field.hash)]))
            cls.__eq__ = _equal  # type: ignore[assignment]
            cls.__hash__ = _hash  # type: ignore[assignment]
        return cls

    return make if cls is None else make(cls)


def _values_of(names: list[str]) -> Callable[[object], tuple]:
    """A function of an instance: the tuple of these fields' values, as a dataclass's
    generated methods compare and hash them."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        name = names[0]
        return lambda instance: (getattr(instance, name),)
    return lambda instance: ()


def _assign_once(self: Any, name: str, value: object) -> None:
    """A field is set by `__init__`, once; after that, as on a frozen dataclass, nothing is."""
    if name in self.__dict__ or name not in type(self).__record_fields__:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _refuse_deletion(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__record_shown__)
    return f"{type(self).__qualname__}({shown})"


def _equal(self: Any, other: object) -> bool:
    if other.__class__ is self.__class__:
        return self.__record_compared__(self) == self.__record_compared__(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_hashed__(self))
