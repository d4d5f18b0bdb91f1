"""Reading the shipped data under ``specs/`` (clause register, boards and decks).

The data lives in the repository's top-level ``specs/`` folder; a built wheel ships it inside
the package as ``dogrules/specs``. Every file is read once per process and validated on load;
nothing outside the package or, in an editable checkout, its repository is ever read.
"""

from __future__ import annotations

import functools
import tomllib
import types
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

SpecTable = dict[str, Any]


# In an editable checkout the package directory is ``<repo>/src/dogrules``, so the data sits
# two levels above it; an installed package carries its own copy instead.
_CHECKOUT_SPECS = Path(__file__).resolve().parents[3] / "specs"


def _specs_dir() -> Path:
    """The folder holding ``clauses/`` and ``layouts/``: the package's own copy when installed
    (wheel or sdist install), else the checkout's top-level ``specs/``."""
    shipped = Path(str(resources.files("dogrules") / "specs"))
    if shipped.is_dir():
        return shipped
    return _CHECKOUT_SPECS


@functools.cache
def read_toml(relative: str) -> SpecTable:
    """The parsed TOML file ``specs/<relative>``; raises ValueError naming a broken file."""
    path = _specs_dir() / relative
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as exc:
        raise ValueError(f"spec file missing: specs/{relative}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"spec file specs/{relative} is not valid TOML: {exc}") from exc


def read_text(relative: str) -> str:
    """The text of the shipped file ``specs/<relative>``; FileNotFoundError when absent."""
    return (_specs_dir() / relative).read_text(encoding="utf-8")


def specs_path(relative: str) -> Path:
    """Where the shipped file or folder ``specs/<relative>`` is (it may not exist): inside
    the installed package, or in the checkout's top-level ``specs/``."""
    return _specs_dir() / relative


def replace_deck(layout: SpecTable, deck_file: SpecTable, where: str) -> SpecTable:
    """``layout`` with its deck (and deck total) taken from ``deck_file``'s ``[deck]`` table."""
    deck = deck_file.get("deck")
    if not isinstance(deck, dict) or not deck:
        raise ValueError(f"{where}: expected a [deck] table of card notation = count")
    datums = []
    for datum in layout.get("datum", []):
        if "deck" in datum:
            datum = {**datum, "deck": deck, "deck_total": sum(deck.values())}
            datum["status"] = "assumed"
        datums.append(datum)
    return {**layout, "datum": datums}


def read_toml_file(path: str | Path) -> SpecTable:
    """A user's TOML file (a corrected layout or deck), with a clear error when broken."""
    try:
        with Path(path).open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as exc:
        raise ValueError(f"no such file: {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path} is not valid TOML: {exc}") from exc


K = TypeVar("K")
V = TypeVar("V")


def read_only(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only copy of ``mapping``, for the tables of values shared by every game of a
    variant (boards, rulesets, citations): changed through one game, they would change all
    later ones."""
    return types.MappingProxyType(dict(mapping))
