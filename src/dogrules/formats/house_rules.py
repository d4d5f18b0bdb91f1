"""House-rules files: a table's own readings of what the manuals leave open, as TOML.

A file names, for some rulings of the register, the alternative reading the table plays by
(see ``dogrules rulings VARIANT`` for every ruling and its readings)::

    variant = "black-dog"        # optional: the variant the file is written for

    [rulings]
    "R-C4" = "strict"            # any piece on a start field blocks, whatever its colour

Every problem is one :class:`~dogrules.formats.files.FileProblem` line naming the file, the
key and the valid choices; nothing is half-read.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from dogrules.formats.files import FileProblem, _first_line, quote, read_text_file
from dogrules.model.house_rules import HouseRules
from dogrules.variants import variant as get_variant

__all__ = ["HOUSE_RULES_KEYS", "house_rules_file", "house_rules_table", "read_house_rules"]

HOUSE_RULES_KEYS = ("variant", "rulings")
"""The top-level keys a house-rules file may hold."""


def read_house_rules(path: str | Path, variant: str | None = None) -> HouseRules:
    """The house rules in the TOML file ``path`` for ``variant`` (by default the variant the
    file names); FileProblem naming the file and what is wrong: not a readable TOML file, an
    unknown key, a file written for another variant, an unknown ruling id or reading name
    (with the valid ones)."""
    return house_rules_file(path, variant)[1]


def house_rules_file(path: str | Path, variant: str | None = None) -> tuple[str, HouseRules]:
    """The variant the house-rules file ``path`` is read for and its house rules, as
    :func:`read_house_rules` reads them."""
    source = str(path)
    written_for, rulings = house_rules_table(_read_toml(Path(path), source), source)
    if variant is None and written_for is None:
        raise FileProblem(f'{source}: name the variant: variant = "..." (or give one)')
    if variant is not None and written_for not in (None, variant):
        raise FileProblem(
            f"{source}: variant: the file is written for {written_for!r}, not {variant!r}"
        )
    name = variant or written_for or ""
    try:
        return name, get_variant(name, rulings=rulings).house_rules
    except ValueError as exc:
        # The whole first line: it names the valid ids or readings.
        raise FileProblem(f"{source}: {str(exc).strip().splitlines()[0]}") from None


def house_rules_table(data: Mapping[str, object], source: str) -> tuple[str | None, dict[str, str]]:
    """The variant a house-rules file names (None when it names none) and its ``[rulings]``
    table as ruling id -> reading name; FileProblem naming ``source`` and the key at fault."""
    unknown = [key for key in data if key not in HOUSE_RULES_KEYS]
    if unknown:
        raise FileProblem(
            f"{source}: unknown key {unknown[0]!r}; a house-rules file holds "
            f"{' and '.join(HOUSE_RULES_KEYS)}"
        )
    written_for = data.get("variant")
    if written_for is not None and not isinstance(written_for, str):
        raise FileProblem(f"{source}: variant: a variant name (a string), not {written_for!r:.40}")
    table = data.get("rulings")
    if not isinstance(table, dict):
        raise FileProblem(
            f'{source}: rulings: expected a [rulings] table of ruling id = "reading name"'
        )
    rulings: dict[str, str] = {}
    for key, reading in table.items():
        if not isinstance(reading, str):
            raise FileProblem(
                f"{source}: rulings.{key}: a reading name (a string), not {quote(str(reading))}"
            )
        rulings[str(key)] = reading
    return written_for, rulings


def _read_toml(path: Path, source: str) -> dict[str, object]:
    """The TOML document in ``path``; FileProblem when it is not a readable TOML file."""
    text = read_text_file(path, source)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileProblem(f"{source}: not a TOML file: {_first_line(exc)}") from None
