"""The clause register: every rule, ruling and assumption, read from ``specs/``.

A rule function declares the clauses it implements with :func:`implements`; the register
and the traceability check (``dogrules clauses VARIANT``) are built from those marks.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TypeVar

import attrs

from dogrules.specs import read_toml

KINDS = ("rule", "ruling", "assumption")

# The clause files of each variant, in the order they are listed.
CLAUSE_FILES: Mapping[str, tuple[str, ...]] = {
    "black-dog": ("clauses/common.toml", "clauses/black-dog.toml"),
    "agent-dog": ("clauses/common.toml", "clauses/agent-dog.toml"),
    "dog-kids": ("clauses/dog-kids.toml",),
}
LAYOUT_FILES: Mapping[str, str] = {
    "black-dog": "layouts/black-dog.toml",
    "agent-dog": "layouts/agent-dog.toml",
    "dog-kids": "layouts/dog-kids.toml",
}
LAYOUT_DOCUMENT = "dogrules default layout"


@attrs.frozen
class Clause:
    """One entry of the register: a manual rule, one of our rulings, or an assumption."""

    id: str
    kind: str
    document: str
    section: str
    text: str
    interprets: tuple[str, ...] = ()
    rationale: str = ""
    same_as: tuple[str, ...] = ()

    @property
    def source(self) -> str:
        """Document and section, as printed in explanations."""
        return f"{self.document}, {self.section}"


F = TypeVar("F", bound=Callable[..., object])

_implementers: dict[str, list[str]] = {}


def implements(*ids: str) -> Callable[[F], F]:
    """Mark a rule function as the implementation of the clauses ``ids``."""

    def mark(function: F) -> F:
        name = f"{function.__module__}.{function.__qualname__}"
        for clause_id in ids:
            _implementers.setdefault(clause_id, []).append(name)
        function.__dict__["clauses"] = ids
        return function

    return mark


def implementers() -> dict[str, tuple[str, ...]]:
    """Clause id -> the qualified names of the functions that implement it."""
    return {key: tuple(sorted(set(names))) for key, names in _implementers.items()}


def _clause_from_table(table: Mapping[str, object], where: str) -> Clause:
    def text_field(name: str, required: bool = True) -> str:
        value = table.get(name, "")
        if not isinstance(value, str) or (required and not value):
            raise ValueError(f"{where}: clause field {name!r} must be a non-empty string")
        return value

    kind = text_field("kind")
    if kind not in KINDS:
        raise ValueError(f"{where}: clause {table.get('id')!r} has kind {kind!r}; expected {KINDS}")
    interprets = table.get("interprets", [])
    if not isinstance(interprets, list) or not all(isinstance(i, str) for i in interprets):
        raise ValueError(f"{where}: 'interprets' must be a list of clause ids")
    same_as = table.get("same_as", [])
    if not isinstance(same_as, list) or not all(isinstance(i, str) for i in same_as):
        raise ValueError(f"{where}: 'same_as' must be a list of clause ids")
    return Clause(
        id=text_field("id"),
        kind=kind,
        document=text_field("document"),
        section=text_field("section"),
        text=text_field("text"),
        interprets=tuple(interprets),
        rationale=text_field("rationale", required=False),
        same_as=tuple(same_as),
    )


def _layout_clause(table: Mapping[str, object], where: str) -> Clause:
    status = table.get("status")
    if status not in ("stated", "assumed"):
        raise ValueError(f"{where}: datum {table.get('id')!r} needs status 'stated' or 'assumed'")
    ident, text = table.get("id"), table.get("text")
    if not isinstance(ident, str) or not isinstance(text, str):
        raise ValueError(f"{where}: every datum needs an 'id' and a 'text'")
    source = table.get("source", "")
    return Clause(
        id=ident,
        kind="rule" if status == "stated" else "assumption",
        document=LAYOUT_DOCUMENT if status == "assumed" else "manual (see section)",
        section=f"{source or 'layout data'} ({status})",
        text=text,
    )


@functools.cache
def register(variant: str) -> tuple[Clause, ...]:
    """Every clause of ``variant``, in register order; ids are unique and references resolve."""
    if variant not in CLAUSE_FILES:
        raise ValueError(f"unknown variant {variant!r}; expected one of {sorted(CLAUSE_FILES)}")
    clauses: list[Clause] = []
    for relative in CLAUSE_FILES[variant]:
        data = read_toml(relative)
        entries = data.get("clause", [])
        for index, entry in enumerate(entries):
            clauses.append(_clause_from_table(entry, f"specs/{relative} clause #{index + 1}"))
    layout = LAYOUT_FILES[variant]
    for index, entry in enumerate(read_toml(layout).get("datum", [])):
        clauses.append(_layout_clause(entry, f"specs/{layout} datum #{index + 1}"))
    seen: set[str] = set()
    for clause in clauses:
        if clause.id in seen:
            raise ValueError(f"clause id {clause.id} is registered twice for {variant}")
        seen.add(clause.id)
    return tuple(clauses)


@functools.cache
def check_references() -> None:
    """Every ``interprets`` and ``same_as`` id names a registered clause (of any variant)."""
    known = all_clause_ids()
    for variant in CLAUSE_FILES:
        for clause in register(variant):
            for target in (*clause.interprets, *clause.same_as):
                if target not in known:
                    raise ValueError(f"clause {clause.id} refers to unknown clause {target}")


@functools.cache
def translation(variant: str) -> dict[str, tuple[str, ...]]:
    """Another variant's clause id -> this variant's clauses stating the same mechanic
    (from ``same_as``), so shared rule functions can cite the variant's own manual."""
    table: dict[str, list[str]] = {}
    for clause in register(variant):
        for other in clause.same_as:
            table.setdefault(other, []).append(clause.id)
    return {key: tuple(ids) for key, ids in table.items()}


@functools.cache
def clause_index(variant: str) -> dict[str, Clause]:
    """Clause id -> clause, for ``variant``."""
    return {clause.id: clause for clause in register(variant)}


def all_clause_ids() -> frozenset[str]:
    """Every id registered by any variant."""
    return frozenset(c.id for variant in CLAUSE_FILES for c in register(variant))
