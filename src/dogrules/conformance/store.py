"""The vectors on disk: writing them (deterministically), reading them back, and checking the
installed engine against the shipped ones.

A vectors folder holds ``index.json`` (the version, each form's file with the sha256 of its
uncompressed lines, and what the vectors cover), ``perft.json`` and one
``FORM.jsonl.gz`` per form: gzip-compressed JSON lines (no timestamp, so the same content
gives the same bytes), the first line a header, each further line a vector with its ``id``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

import attrs

from dogrules.conformance.perft import perft_table
from dogrules.conformance.vectors import (
    VECTORS_VERSION,
    Form,
    Vector,
    all_forms,
    covered,
    vectors_of,
)
from dogrules.data.specs import specs_path
from dogrules.formats.files import write_tree
from dogrules.model.jsonvalue import JSONValue
from dogrules.testing.jsonlines import gzip_lines, jsonl_text, read_lines
from dogrules.variants import variant as get_variant

__all__ = [
    "REGENERATE",
    "Built",
    "build",
    "check_vectors",
    "read_form",
    "read_perft",
    "shipped_dir",
    "write",
]

REGENERATE = "dogrules vectors export --update"
"""The command that rewrites the shipped vectors (and what a failed check tells to run)."""
FORMAT = "dogrules-vectors"


def shipped_dir() -> Path:
    """The folder of the shipped vectors (``specs/vectors``)."""
    return specs_path("vectors")


@attrs.frozen
class Built:
    """Every form's vectors, the perft table and the index, as written to a folder;
    ``chosen`` are the forms built (all of them, or a variant's by its house rules)."""

    forms: dict[str, list[Vector]]
    perft: list[JSONValue]
    chosen: tuple[Form, ...] = attrs.field(factory=all_forms)

    def index(self) -> dict[str, JSONValue]:
        files: list[JSONValue] = []
        coverage: dict[str, JSONValue] = {}
        for form in self.chosen:
            entries = self.forms[form.name]
            files.append(
                {
                    "form": form.name,
                    "variant": form.variant,
                    "players": form.players,
                    "teams": form.teams,
                    "file": f"{form.name}.jsonl.gz",
                    "vectors": len(entries),
                    "sha256": hashlib.sha256(lines(form, entries)).hexdigest(),
                    **({"rulings": dict(form.rulings)} if form.rulings else {}),
                }
            )
        for name in dict.fromkeys(form.variant for form in self.chosen):
            entries = [e for f in self.chosen if f.variant == name for e in self.forms[f.name]]
            found = covered(entries, get_variant(name).deck.notations)
            coverage[name] = {key: _sorted(values) for key, values in found.items()}
        return {"format": FORMAT, "version": VECTORS_VERSION, "files": files, "coverage": coverage}


def _sorted(values: set[str]) -> list[JSONValue]:
    return list(sorted(values))


def build(chosen: Sequence[Form] | None = None) -> Built:
    """The vectors of the ``chosen`` forms (default: every form) and their perft table,
    worked out by the installed engine."""
    forms = all_forms() if chosen is None else tuple(chosen)
    return Built({form.name: vectors_of(form) for form in forms}, perft_table(forms), forms)


def header(form: Form, count: int) -> dict[str, JSONValue]:
    found: dict[str, JSONValue] = {
        "format": FORMAT,
        "version": VECTORS_VERSION,
        "variant": form.variant,
        "players": form.players,
        "teams": form.teams,
    }
    if form.rulings:
        found["rulings"] = dict(form.rulings)
    found["vectors"] = count
    return found


def rows(form: Form, entries: Sequence[Vector]) -> list[Vector]:
    """The rows of a form's file: the header, then each vector with its id (``FORM/0001``)."""
    numbered = [{"id": f"{form.name}/{n:04d}", **entry} for n, entry in enumerate(entries, 1)]
    return [header(form, len(entries)), *numbered]


def lines(form: Form, entries: Sequence[Vector]) -> bytes:
    """The uncompressed JSON lines of a form's file."""
    return jsonl_text(rows(form, entries))


def _pretty(data: object) -> bytes:
    return (json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def write(built: Built, folder: Path) -> list[Path]:
    """Write ``built`` into ``folder`` (made if missing; see ``write_tree``: each file whole
    or not at all, never through a symbolic link); the paths written. The bytes depend only
    on the content."""
    files = {
        f"{form.name}.jsonl.gz": gzip_lines(rows(form, built.forms[form.name]))
        for form in built.chosen
    }
    files["perft.json"] = _pretty(built.perft)
    files["index.json"] = _pretty(built.index())
    return write_tree(folder, files)


def read_form(folder: Path, form: Form) -> tuple[dict[str, JSONValue], list[Vector]]:
    """The header and vectors of ``form``'s file in ``folder``; ValueError naming the file
    when it is missing or malformed."""
    found = read_lines(folder / f"{form.name}.jsonl.gz")
    return found[0], found[1:]


def read_perft(folder: Path) -> list[dict[str, JSONValue]]:
    path = folder / "perft.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: cannot be read as JSON: {exc}") from exc
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise ValueError(f"{path}: expected a list of perft positions")
    return data


def check_vectors(folder: Path | None = None, built: Built | None = None) -> list[str]:
    """What differs between the vectors in ``folder`` (the shipped ones by default) and
    those the installed engine works out (``built``, worked out when not given): one line
    per difference, at most a few per form; empty when they agree."""
    folder = shipped_dir() if folder is None else folder
    built = build() if built is None else built
    found: list[str] = []
    for form in built.chosen:
        try:
            head, stored = read_form(folder, form)
        except ValueError as exc:
            found.append(str(exc))
            continue
        if head.get("version") != VECTORS_VERSION:
            found.append(
                f"{form.name}: vectors version {head.get('version')}, the engine writes "
                f"{VECTORS_VERSION}"
            )
        found += _compare_form(form, stored, built.forms[form.name])
    try:
        stored_perft = read_perft(folder)
    except ValueError as exc:
        found.append(str(exc))
    else:
        mine = {str(row["id"]): row for row in built.perft if isinstance(row, dict)}
        for row in stored_perft:
            now = mine.get(str(row.get("id")))
            if now is None or now != row:
                counts = None if now is None else now.get("perft")
                what = "its divide or position changed" if counts == row.get("perft") else None
                found.append(
                    f"perft {row.get('id')}: "
                    + (what or f"shipped {row.get('perft')}, now {counts}")
                )
    return found


def _compare_form(form: Form, stored: list[Vector], now: list[Vector]) -> list[str]:
    out = []
    if len(stored) != len(now):
        out.append(f"{form.name}: {len(stored)} vectors shipped, {len(now)} worked out now")
    for number, (old, new) in enumerate(zip(stored, now, strict=False), 1):
        old = {key: value for key, value in old.items() if key != "id"}
        if old != new:
            out.append(f"{form.name}/{number:04d}: {_difference(old, new)}")
        if len(out) >= 5:
            out.append(f"{form.name}: (further differences not listed)")
            break
    return out


def _difference(old: Vector, new: Vector) -> str:
    """In words, how a shipped vector differs from today's."""
    if old.get("position") != new.get("position"):
        return "the position itself differs (the sample of positions changed)"
    was = {_action(a): a for a in _items(old.get("actions"))}
    now = {_action(a): a for a in _items(new.get("actions"))}
    if set(was) != set(now):
        gone = sorted(set(was) - set(now))[:3]
        added = sorted(set(now) - set(was))[:3]
        return f"legal actions changed: no longer {gone}, newly {added}"
    if was != now:
        changed = sorted(k for k in was if was[k] != now[k])[:3]
        return f"the states reached by {changed} changed"
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            return f"its {key!r} changed"
    return "it changed"


def _items(value: JSONValue | None) -> list[dict[str, JSONValue]]:
    return [a for a in value if isinstance(a, dict)] if isinstance(value, list) else []


def _action(entry: dict[str, JSONValue]) -> str:
    return str(entry.get("action"))


def clause_ids(variant: str) -> frozenset[str]:
    """The clause ids of ``variant``'s register."""
    return frozenset(clause.id for clause in get_variant(variant).clauses)
