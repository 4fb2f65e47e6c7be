"""`@record` (solvers.records) against `@dataclass(frozen=True)`: the same class made both
ways behaves the same in everything the project relies on (issue 31: a record is cheaper to
define)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from solvers.records import record


class _Fields:
    """Fields of every kind: compared and not, shown and not, hashed apart from compared,
    defaults and a default factory, a field derived in __post_init__."""

    name: str
    size: int = 1
    cells: tuple = ()
    notes: list = field(default_factory=list, compare=False, hash=False)
    hidden: str = field(default="x", repr=False)
    weight: float = field(default=0.0, hash=False)
    doubled: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubled", 2 * self.size)


def _made(name: str, decorate) -> type:
    """A class of `_Fields`' body named `name` (found by pickle in this module), decorated."""
    body = {key: value for key, value in vars(_Fields).items()
            if key not in ("__dict__", "__weakref__")}
    body.update(__annotations__=dict(_Fields.__annotations__), __qualname__=name)
    return decorate(type(name, (), body))


Shape = _made("Shape", record)
FrozenShape = _made("FrozenShape", dataclass(frozen=True))


@pytest.mark.parametrize("values", [("a",), ("b", 3, ((0, 0),), [1], "y", 0.5)])
def test_a_record_is_a_frozen_dataclass_to_every_use(values):
    as_record, as_dataclass = Shape, FrozenShape
    mine, theirs = as_record(*values), as_dataclass(*values)
    assert dataclasses.is_dataclass(mine)
    assert [f.name for f in dataclasses.fields(mine)] == [f.name for f in dataclasses.fields(theirs)]
    assert repr(mine) == repr(theirs).replace("FrozenShape", "Shape")
    assert dataclasses.asdict(mine) == dataclasses.asdict(theirs)
    assert mine.doubled == theirs.doubled == 2 * mine.size
    assert mine == as_record(*values) and not mine != as_record(*values)
    assert hash(mine) == hash(as_record(*values))
    assert mine != theirs  # another class, as between two dataclasses
    changed = dataclasses.replace(mine, size=7)
    assert (changed.size, changed.doubled, changed.name) == (7, 14, mine.name)
    assert changed != mine
    assert copy.copy(mine) == mine and copy.deepcopy(mine) == mine
    assert pickle.loads(pickle.dumps(mine)) == mine


def test_fields_left_out_of_comparing_and_hashing_stay_out():
    as_record, as_dataclass = Shape, FrozenShape
    for made in (as_record, as_dataclass):
        assert made("a", notes=[1]) == made("a", notes=[2])  # notes: compare=False
        assert made("a", weight=1.0) != made("a", weight=2.0)
        assert hash(made("a", weight=1.0)) == hash(made("a", weight=2.0))  # hash=False


def test_a_record_refuses_every_assignment_and_deletion_as_a_frozen_dataclass_does():
    as_record, as_dataclass = Shape, FrozenShape
    for instance in (as_record("a"), as_dataclass("a")):
        for name in ("name", "doubled", "other"):
            with pytest.raises(FrozenInstanceError):
                setattr(instance, name, 1)
        with pytest.raises(FrozenInstanceError):
            del instance.name
        assert instance.name == "a"


def test_a_record_without_equality_is_equal_to_itself_only_and_hashed_by_identity():
    @record(eq=False)
    class Batch:
        rows: tuple

    first, second = Batch((1,)), Batch((1,))
    assert first == first and first != second
    assert hash(first) == object.__hash__(first)
    with pytest.raises(FrozenInstanceError):
        first.rows = ()


def test_a_record_derived_from_a_record_has_both_sets_of_fields():
    @record
    class Base:
        a: int

    @record
    class Derived(Base):
        b: int = 2

    derived = Derived(1)
    assert (repr(derived).split(".")[-1], derived, hash(derived)) == ("Derived(a=1, b=2)", Derived(1, 2),
                                                       hash(Derived(1, 2)))
    assert derived != Base(1)
    with pytest.raises(FrozenInstanceError):
        derived.a = 3
