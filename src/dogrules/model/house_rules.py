"""House rules: the readings a table plays by where the manuals leave a point open.

The register names, for each ruling that chooses between readings, the one the reference
engine implements and its alternatives (:attr:`~dogrules.data.register.Clause.readings`).
A :class:`HouseRules` value holds a table's departures from those defaults, ruling id ->
reading name; empty, it is the reference. The engine asks it :meth:`HouseRules.chose` where
a ruling decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import attrs

from dogrules.data.register import Clause
from dogrules.model.errors import HouseRulesError
from dogrules.model.jsonvalue import JSONValue


def _sorted_choices(choices: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(choices))


@attrs.frozen
class HouseRules:
    """A table's readings where they depart from the reference: (ruling id, reading name)
    pairs in id order, each ruling once. Frozen and hashable; equal house rules make equal
    variants. Built checked for a variant by :func:`house_rules_for`."""

    choices: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_sorted_choices)

    def __attrs_post_init__(self) -> None:
        rulings = [ruling for ruling, _ in self.choices]
        if len(set(rulings)) != len(rulings):
            raise HouseRulesError(f"a ruling is given two readings: {self.choices!r}")

    def __bool__(self) -> bool:
        return bool(self.choices)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self.choices)

    def __str__(self) -> str:
        if not self.choices:
            return "reference rulings"
        return ", ".join(f"{ruling} ({reading})" for ruling, reading in self.choices)

    def chose(self, ruling: str, reading: str) -> bool:
        """Whether this table reads ``ruling`` as ``reading`` (an alternative's name)."""
        return (ruling, reading) in self.choices

    def reading(self, ruling: str) -> str | None:
        """The reading this table chose for ``ruling``; None where it keeps the default."""
        return next((name for ruling_id, name in self.choices if ruling_id == ruling), None)

    def replaced(self, ruling: str, reading: str | None) -> HouseRules:
        """These house rules with ``ruling`` read as ``reading`` (None: the default)."""
        kept = [(r, name) for r, name in self.choices if r != ruling]
        return HouseRules(kept if reading is None else [*kept, (ruling, reading)])

    def to_json(self) -> dict[str, JSONValue]:
        """A plain ``{"R-C4": "strict"}`` dict."""
        return {ruling: reading for ruling, reading in self.choices}

    @classmethod
    def from_json(cls, value: object) -> HouseRules:
        """House rules from a ``{"R-C4": "strict"}`` dict (shape checked only: a variant
        checks the ids and names, :func:`house_rules_for`); HouseRulesError otherwise."""
        if isinstance(value, HouseRules):
            return value
        if not isinstance(value, Mapping):
            raise HouseRulesError(
                f"house rules must map ruling ids to reading names, got {type(value).__name__}"
            )
        for ruling, reading in value.items():
            if not isinstance(ruling, str) or not isinstance(reading, str):
                raise HouseRulesError(
                    f"house rules map ruling ids to reading names (strings), got "
                    f"{ruling!r}: {reading!r}",
                    ruling if isinstance(ruling, str) else "",
                )
        return cls(tuple(value.items()))


REFERENCE = HouseRules()
"""No departures: the reference readings."""


def house_rules_for(
    register: Iterable[Clause], variant: str, choices: Mapping[str, str] | HouseRules | None
) -> HouseRules:
    """``choices`` checked against the ``register`` of ``variant``: each id a ruling of the
    variant with alternatives, each name one of its readings; a default reading is dropped
    (only departures are kept). HouseRulesError (a ValueError) naming the id or name at fault
    and the valid ones otherwise."""
    given = HouseRules.from_json({} if choices is None else choices)
    clauses = {clause.id: clause for clause in register}
    rulings = tuple(clause.id for clause in clauses.values() if clause.readings)
    chosen: list[tuple[str, str]] = []
    for ruling, reading in given:
        clause = clauses.get(ruling)
        if clause is None or not clause.readings:
            why = (
                f"it is not a clause of {variant}"
                if clause is None
                else f"it has no alternative reading ({clause.no_alternative or 'not a ruling'})"
            )
            raise HouseRulesError(
                f"house rules cannot choose a reading of {ruling!r}: {why}; the rulings of "
                f"{variant} with alternatives: {', '.join(rulings) or 'none'}",
                ruling,
                rulings,
            )
        names = tuple(r.name for r in clause.readings)
        if reading not in names:
            raise HouseRulesError(
                f"{ruling} has no reading {reading!r}; its readings: {', '.join(names)}",
                ruling,
                names,
            )
        if reading != clause.reading:
            chosen.append((ruling, reading))
    return HouseRules(chosen) if chosen else REFERENCE
