"""The clause register: every rule, ruling and assumption, read from ``specs/``.

A rule function declares the clauses it decides with :func:`implements`; the traceability
check (``dogrules clauses VARIANT``, ``tests/test_traceability.py``) is built from those
marks. Which files make up a variant's register is the variant's own business (its
ruleset names them); this module only reads them.
"""

from __future__ import annotations

import enum
import functools
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

import attrs

from dogrules.data.specs import read_only, read_toml, specs_path

LAYOUT_DOCUMENT = "dogrules default layout"
STATED_LAYOUT_DOCUMENT = "manual (see section)"
"""The document of a layout datum the manual states (its section is the datum's source)."""


class ClauseKind(enum.StrEnum):
    """What a clause is: a manual's rule, one of our rulings, or an assumption of ours."""

    RULE = "rule"
    RULING = "ruling"
    ASSUMPTION = "assumption"


@attrs.frozen
class Passage:
    """Where a clause's source says what the clause restates, without quoting it.

    ``document`` is the seed number of the manual's text (``"000"`` for the Black DOG
    manual), ``section`` the heading the passage comes under, as printed, and ``paragraph``
    its place among that section's paragraphs (1 for the first). ``offset`` and ``length``
    count characters of the manual's text, and ``digest`` is the first 16 hex digits of the
    SHA-256 of the passage's UTF-8 bytes: the fingerprint that ties the clause to exactly one
    passage (:mod:`dogrules.data.manuals` reads and checks it against a copy of the manual).
    """

    document: str
    section: str
    paragraph: int
    offset: int
    length: int
    digest: str

    def __str__(self) -> str:
        return (
            f"seed {self.document}, {self.section}, paragraph {self.paragraph} "
            f"(characters {self.offset}+{self.length}, sha256 {self.digest})"
        )


@attrs.frozen
class Reading:
    """One way of reading what a ruling settles: its ``name`` (as a house-rules file names
    it), the reading in our own words (``text``), why a table may read it so
    (``rationale``), and whether it is the reading the reference engine follows
    (``default``)."""

    name: str
    text: str
    rationale: str
    default: bool = False


@attrs.frozen
class Clause:
    """One entry of the register: a manual rule, one of our rulings, or an assumption.

    ``note`` says how the engine reads or models the clause where that differs from the
    text (naming the ruling it relies on); the text itself keeps to what the source says.
    ``passages`` locate the words of the source the clause restates (a rule cites at least
    one; a clause may draw on several).
    ``variants`` limits a clause of a shared file (common.toml) to the variants it governs;
    empty, it governs every variant whose register includes the file.
    A ruling that chooses between readings the manual leaves open names the one it
    implements (``reading``) and the ``alternatives`` a table may play by instead (house
    rules, :mod:`dogrules.model.house_rules`); a ruling with none says why
    (``no_alternative``).
    """

    id: str
    kind: ClauseKind
    document: str
    section: str
    text: str
    interprets: tuple[str, ...] = ()
    rationale: str = ""
    same_as: tuple[str, ...] = ()
    note: str = ""
    variants: tuple[str, ...] = ()
    passages: tuple[Passage, ...] = ()
    reading: str = ""
    alternatives: tuple[Reading, ...] = ()
    no_alternative: str = ""

    @property
    def readings(self) -> tuple[Reading, ...]:
        """The reading this clause implements (first, the default) and its alternatives;
        empty for a clause with no alternative."""
        if not self.alternatives:
            return ()
        own = Reading(self.reading, self.text, self.rationale, default=True)
        return (own, *self.alternatives)

    def governs(self, variant: str) -> bool:
        """Whether this clause belongs to the register of ``variant``."""
        return not self.variants or variant in self.variants

    @property
    def source(self) -> str:
        """Document and section, as printed in explanations."""
        return f"{self.document}, {self.section}"


F = TypeVar("F", bound=Callable[..., object])

# Clause id -> the functions marked with it, named when asked (see _qualified_name).
_implementers: dict[str, list[Callable[..., object]]] = {}


def implements(*ids: str) -> Callable[[F], F]:
    """Mark a rule function as the code that decides the clauses ``ids``."""

    def mark(function: F) -> F:
        for clause_id in ids:
            _implementers.setdefault(clause_id, []).append(function)
        # A function compiled by mypyc (the opt-in compiled build) keeps no attributes.
        namespace = getattr(function, "__dict__", None)
        if namespace is not None:
            namespace["clauses"] = ids
        return function

    return mark


def _qualified_name(function: Callable[..., object]) -> str:
    """``module.qualname`` of a function, also of one compiled by mypyc: a method of a
    compiled class is a method descriptor, which names its class instead of its module; a
    method of a plain Python class in a compiled module (an attrs class) is an object that
    knows neither its name nor its class, found instead in the class of its module that
    holds it (so, named once the class is made: not while it is being marked)."""
    module = getattr(function, "__module__", None)
    if module is None:
        module = getattr(getattr(function, "__objclass__", None), "__module__", "?")
    module = str(module)
    qualname = getattr(function, "__qualname__", None)
    if qualname is None:
        qualname = _held_by(function, module) or repr(function)
    return f"{module}.{qualname}"


def _held_by(function: Callable[..., object], module: str) -> str | None:
    # ``Class.name`` of the class of ``module`` whose namespace holds ``function`` as ``name``.
    found = sys.modules.get(module)
    owners = [] if found is None else [v for v in vars(found).values() if isinstance(v, type)]
    return next(
        (
            f"{owner.__qualname__}.{name}"
            for owner in owners
            if owner.__module__ == module
            for name, value in vars(owner).items()
            if value is function
        ),
        None,
    )


def implementers() -> dict[str, tuple[str, ...]]:
    """Clause id -> the qualified names of the functions that implement it."""
    return {
        key: tuple(sorted({_qualified_name(function) for function in functions}))
        for key, functions in _implementers.items()
    }


def clause_from_table(table: Mapping[str, object], where: str) -> Clause:
    """The clause a ``[[clause]]`` table of a register file describes; ValueError naming
    ``where``, the clause and the field when one is malformed."""

    def text_field(name: str, required: bool = True) -> str:
        value = table.get(name, "")
        if not isinstance(value, str) or (required and not value):
            raise ValueError(f"{where}: clause field {name!r} must be a non-empty string")
        return value

    kind = text_field("kind")
    if kind not in ClauseKind.__members__.values():
        raise ValueError(
            f"{where}: clause {table.get('id')!r} has kind {kind!r}; expected one of "
            f"{', '.join(k.value for k in ClauseKind)}"
        )
    interprets = table.get("interprets", [])
    if not isinstance(interprets, list) or not all(isinstance(i, str) for i in interprets):
        raise ValueError(f"{where}: 'interprets' must be a list of clause ids")
    same_as = table.get("same_as", [])
    if not isinstance(same_as, list) or not all(isinstance(i, str) for i in same_as):
        raise ValueError(f"{where}: 'same_as' must be a list of clause ids")
    variants = table.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) and v for v in variants):
        raise ValueError(f"{where}: 'variants' must be a list of variant names")
    return Clause(
        passages=_passages(table.get("passage", []), f"{where} ({table.get('id')})"),
        id=text_field("id"),
        kind=ClauseKind(kind),
        document=text_field("document"),
        section=text_field("section"),
        text=text_field("text"),
        interprets=tuple(interprets),
        rationale=text_field("rationale", required=False),
        same_as=tuple(same_as),
        note=text_field("note", required=False),
        variants=tuple(variants),
        reading=text_field("reading", required=False),
        alternatives=_alternatives(table, where),
        no_alternative=text_field("no_alternative", required=False),
    )


_READING_FIELDS = ("name", "text", "rationale")


def _alternatives(table: Mapping[str, object], where: str) -> tuple[Reading, ...]:
    """The ``[[clause.alternative]]`` tables of one ruling, each checked field by field: a
    ruling with alternatives names its own reading, and no two readings share a name."""
    entries = table.get("alternative", [])
    here = f"{where} ({table.get('id')})"
    if not isinstance(entries, list):
        raise ValueError(f"{here}: 'alternative' must be an array of tables")
    found: list[Reading] = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or set(entry) != set(_READING_FIELDS):
            raise ValueError(
                f"{here}: alternative #{number} must be a table of exactly "
                f"{', '.join(_READING_FIELDS)}"
            )
        if not all(isinstance(entry[name], str) and entry[name] for name in _READING_FIELDS):
            raise ValueError(f"{here}: alternative #{number} fields must be non-empty strings")
        found.append(Reading(entry["name"], entry["text"], entry["rationale"]))
    own = table.get("reading", "")
    if found and table.get("kind") != ClauseKind.RULING:
        raise ValueError(f"{here}: only a ruling has alternative readings")
    if found and not own:
        raise ValueError(f"{here}: a ruling with alternatives names its own 'reading'")
    if found and table.get("no_alternative"):
        raise ValueError(f"{here}: has alternatives, so it has no 'no_alternative'")
    names = [str(own), *(reading.name for reading in found)]
    if len(set(names)) != len(names):
        raise ValueError(f"{here}: two readings share a name ({', '.join(names)})")
    return tuple(found)


_PASSAGE_FIELDS = {
    "document": str,
    "section": str,
    "paragraph": int,
    "offset": int,
    "length": int,
    "digest": str,
}


def _passages(entries: object, where: str, table: str = "clause") -> tuple[Passage, ...]:
    """The ``[[clause.passage]]`` (``[[datum.passage]]``) tables of one clause, each checked
    field by field."""
    if not isinstance(entries, list):
        raise ValueError(f"{where}: 'passage' must be an array of tables ([[{table}.passage]])")
    passages = []
    for number, entry in enumerate(entries, 1):
        here = f"{where}: passage #{number}"
        if not isinstance(entry, dict):
            raise ValueError(f"{here} must be a table of {', '.join(_PASSAGE_FIELDS)}")
        if missing := [name for name in _PASSAGE_FIELDS if name not in entry]:
            raise ValueError(f"{here} lacks the field(s) {', '.join(map(repr, missing))}")
        if unknown := sorted(set(entry) - set(_PASSAGE_FIELDS)):
            raise ValueError(f"{here} has unknown field(s) {', '.join(map(repr, unknown))}")
        for name, kind in _PASSAGE_FIELDS.items():
            value = entry[name]
            if not isinstance(value, kind) or isinstance(value, bool) or value == "":
                what = "a non-empty string" if kind is str else "an integer"
                raise ValueError(f"{here} field {name!r} must be {what}")
        for name, least in (("paragraph", 1), ("offset", 0), ("length", 1)):
            if entry[name] < least:
                raise ValueError(f"{here} field {name!r} must be at least {least}")
        if len(entry["digest"]) != 16 or any(c not in "0123456789abcdef" for c in entry["digest"]):
            raise ValueError(f"{here} field 'digest' must be 16 lower-case hex digits")
        passages.append(Passage(**entry))
    return tuple(passages)


def _layout_clause(table: Mapping[str, object], where: str) -> Clause:
    status = table.get("status")
    if status not in ("stated", "assumed"):
        raise ValueError(f"{where}: datum {table.get('id')!r} needs status 'stated' or 'assumed'")
    ident, text = table.get("id"), table.get("text")
    if not isinstance(ident, str) or not isinstance(text, str):
        raise ValueError(f"{where}: every datum needs an 'id' and a 'text'")
    source = table.get("source", "")
    return Clause(
        passages=_passages(table.get("passage", []), f"{where} ({ident})", "datum"),
        id=ident,
        kind=ClauseKind.RULE if status == "stated" else ClauseKind.ASSUMPTION,
        document=LAYOUT_DOCUMENT if status == "assumed" else STATED_LAYOUT_DOCUMENT,
        section=f"{source or 'layout data'} ({status})",
        text=text,
    )


@functools.cache
def read_register(
    clause_files: tuple[str, ...], layout_file: str, variant: str = ""
) -> tuple[Clause, ...]:
    """Every clause of the given clause files and layout file (paths under ``specs/``), in
    register order; ValueError when an id is registered twice or a field is malformed. With
    ``variant`` given, a clause limited to other variants (its ``variants`` field) is left
    out."""
    clauses: list[Clause] = []
    for relative in clause_files:
        data = read_toml(relative)
        for index, entry in enumerate(data.get("clause", [])):
            clause = clause_from_table(entry, f"specs/{relative} clause #{index + 1}")
            if not variant or clause.governs(variant):
                clauses.append(clause)
    for index, entry in enumerate(read_toml(layout_file).get("datum", [])):
        clauses.append(_layout_clause(entry, f"specs/{layout_file} datum #{index + 1}"))
    seen: set[str] = set()
    for clause in clauses:
        if clause.id in seen:
            raise ValueError(
                f"clause id {clause.id} is registered twice ({', '.join(clause_files)})"
            )
        seen.add(clause.id)
    return tuple(clauses)


def readings(clause_id: str, register: Iterable[Clause] | None = None) -> tuple[Reading, ...]:
    """The readings of the ruling ``clause_id`` (the one implemented first, the default), read
    from ``register`` or, without one, from every clause file under ``specs/clauses``;
    empty when it has no alternative; ValueError when no clause has that id."""
    clauses = all_clauses() if register is None else tuple(register)
    for clause in clauses:
        if clause.id == clause_id:
            return clause.readings
    raise ValueError(f"no clause has the id {clause_id!r}")


@functools.cache
def all_clauses() -> tuple[Clause, ...]:
    """Every clause of every clause file under ``specs/clauses`` (no layout data)."""
    clauses: list[Clause] = []
    for path in sorted(specs_path("clauses").glob("*.toml")):
        relative = f"clauses/{path.name}"
        for index, entry in enumerate(read_toml(relative).get("clause", [])):
            clauses.append(clause_from_table(entry, f"specs/{relative} clause #{index + 1}"))
    return tuple(clauses)


def check_references(registers: Iterable[tuple[Clause, ...]]) -> None:
    """Every ``interprets`` and ``same_as`` id names a clause of one of ``registers``."""
    registers = tuple(registers)
    known = {clause.id for register in registers for clause in register}
    for register in registers:
        for clause in register:
            for target in (*clause.interprets, *clause.same_as):
                if target not in known:
                    raise ValueError(f"clause {clause.id} refers to unknown clause {target}")


def _read_only_counterparts(
    counterparts: Mapping[str, tuple[str, ...]],
) -> Mapping[str, tuple[str, ...]]:
    return read_only(counterparts)


@attrs.frozen(eq=False)
class Citations:
    """How one variant cites the clauses shared rule functions name.

    Shared mechanics name the clause of the game that first stated them (a Black DOG id, a
    common ruling). A variant cites a clause of its own register as it is; another
    variant's clause becomes the own clauses whose ``same_as`` lists it; a clause the
    variant has no counterpart for is left out. This is the only translation of citations
    between variants.
    """

    own: frozenset[str]
    # Read-only: one Citations is shared by every game of its variant.
    counterparts: Mapping[str, tuple[str, ...]] = attrs.field(converter=_read_only_counterparts)
    # Tuples translated so far: every event is cited, from a few dozen distinct tuples.
    _done: dict[tuple[str, ...], tuple[str, ...]] = attrs.field(
        factory=dict, init=False, repr=False
    )

    @classmethod
    def of(cls, register: tuple[Clause, ...]) -> Citations:
        counterparts: dict[str, list[str]] = {}
        for clause in register:
            for other in clause.same_as:
                counterparts.setdefault(other, []).append(clause.id)
        return cls(
            frozenset(c.id for c in register),
            {key: tuple(ids) for key, ids in counterparts.items()},
        )

    def cite(self, clauses: tuple[str, ...]) -> tuple[str, ...]:
        """``clauses`` as this variant cites them, each once, in order (``clauses`` itself when
        they are cited as they are)."""
        try:
            return self._done[clauses]
        except KeyError:
            pass
        cited: list[str] = []
        for clause in clauses:
            mine = (clause,) if clause in self.own else self.counterparts.get(clause, ())
            cited.extend(c for c in mine if c not in cited)
        # The tuple given when it is cited as it is (the caller may keep its object then).
        translated = self._done[clauses] = clauses if tuple(cited) == clauses else tuple(cited)
        return translated
