"""Recordings of the engine's own behaviour: seeded random games written position by position
(the listing, the action chosen, the state it leads to and the events it tells), and checked
against the engine later, so that a change meant to keep behaviour keeps it exactly.

A *recording* is a file of gzip-compressed JSON lines (``.jsonl.gz``, written without a
timestamp, so the same content gives the same bytes). The first line is the header::

    {"format": "dogrules-recording", "version": 1, "detail": "full" | "digests",
     "digest_chars": 8, "library": "0.1.0",
     "tables": [{"table": "black-dog-4p", "variant": "black-dog", "players": 4,
                 "teams": true, "seeds": [1], "plies": null}, ...]}

and every further line one position of one game::

    {"table": "black-dog-4p", "seed": 1, "ply": 0, "legal": 12, "chosen": 3,
     "action": "place T8", "state": ..., "listing": ..., "next": ..., "events": ...}

* a *table* is a form of a variant (:func:`tables`); its games are :func:`random_game` of
  each seed (``new_game(players, seed, teams)``, then an action drawn by ``random.Random(seed)``
  among ``legal_actions``), up to ``plies`` positions each (null: to the end of the game). The
  position after the last action of a finished game is recorded too (nothing listed,
  ``chosen`` -1, ``action``, ``next`` and ``events`` null);
* ``legal`` is the number of listed actions, ``chosen`` the index of the one taken,
  ``action`` its text;
* the four *parts*: ``state`` (``dogrules.dump`` of the position), ``listing`` (a row per
  listed action, in order: :func:`action_row`), ``next`` (the dump of the state the chosen
  action leads to) and ``events`` (a row per event it tells: every field and its text). In a
  recording of ``detail`` "full" each part is written out; in one of "digests" each is its
  :func:`digest`: the first ``digest_chars`` hex digits of the sha256 of its canonical JSON.

Recording a position also checks that the ways of applying its action agree (``apply``, with
events asked at once, of an equal action built anew, and judged with no listing kept), so a
recording never holds a disagreement. :func:`check` works every position out again: one with
its full state from that state (a difference does not spread to later positions), one with a
digest from the replayed game (it stops at the game's first difference).

The golden recording (``tests/golden.jsonl.gz``) is a recording of digests of one whole game
of every form; ``tools/record.py`` records, checks and compares recordings.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Literal

import attrs

from dogrules.data.version import __version__
from dogrules.formats.records import canonical_json
from dogrules.formats.states import load
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.testing.jsonlines import stream
from dogrules.testing.positions import PARTS, Line, Table, digested, work_out
from dogrules.variants import variant as get_variant

__all__ = [
    "DIGEST_CHARS",
    "FORMAT",
    "VERSION",
    "Detail",
    "Disagreement",
    "Games",
    "Recording",
    "check",
    "compare",
    "games_digest",
    "record",
]

FORMAT = "dogrules-recording"
VERSION = 1
DIGEST_CHARS = 8
"""Hex digits kept of a part's sha256 in a recording of digests by default (32 bits: a changed
part goes unnoticed once in some 4 x 10^9)."""

Detail = Literal["full", "digests"]


# ---- recording ----------------------------------------------------------------------------


@attrs.frozen
class Recording:
    """A recording: its header and its position lines (read from a file, they are read as
    they are iterated, once: a large recording is never held whole)."""

    header: dict[str, JSONValue]
    lines: Iterable[Line]

    @property
    def detail(self) -> str:
        return str(self.header.get("detail"))

    @property
    def chars(self) -> int:
        chars = self.header.get("digest_chars")
        return chars if isinstance(chars, int) else DIGEST_CHARS

    @classmethod
    def read(cls, path: Path) -> Recording:
        """The recording in ``path``; ValueError naming the file when it is none."""
        rows = stream(path)
        head = next(rows, None)
        if head is None or head.get("format") != FORMAT or head.get("version") != VERSION:
            raise ValueError(f"{path}: not a recording ({FORMAT} version {VERSION})")
        return cls(head, rows)


Games = Sequence[tuple[Table, Sequence[int]]]
"""What a recording holds: each table with the seeds of its games."""


def header(games: Games, plies: int | None, detail: Detail, chars: int) -> Line:
    return {
        "format": FORMAT,
        "version": VERSION,
        "detail": detail,
        "digest_chars": chars,
        "library": __version__,
        "tables": [
            {
                "table": t.name,
                "variant": t.variant,
                "players": t.players,
                "teams": t.teams,
                "seeds": list(seeds),
                "plies": plies,
            }
            for t, seeds in games
        ],
    }


class Disagreement(Exception):
    """The ways of applying an action disagree: the engine is wrong before anything is
    recorded."""


def game_lines(
    table: Table, seed: int, plies: int | None, detail: Detail, chars: int = DIGEST_CHARS
) -> Iterator[Line]:
    """The lines of one game of ``table``; Disagreement naming the position where the ways of
    applying its action disagree."""
    v = get_variant(table.variant)
    state: State | None = v.new_game(table.players, seed, table.teams)
    chooser = random.Random(seed)
    ply = 0
    while state is not None and (plies is None or ply < plies):
        worked = work_out(v, state, None, chooser)
        if worked.disagree:
            where = f"{table.name} seed {seed} ply {ply}"
            raise Disagreement(f"{where}: the ways of applying disagree: {worked.disagree}")
        line: Line = {"table": table.name, "seed": seed, "ply": ply, **worked.line}
        yield line if detail == "full" else digested(line, chars)
        state, ply = worked.next_state, ply + 1


def record(
    games: Games, plies: int | None, detail: Detail, chars: int = DIGEST_CHARS
) -> Iterator[Line]:
    """The header, then the lines of every game (each seed of each table)."""
    yield header(games, plies, detail, chars)
    for table, seeds in games:
        for seed in seeds:
            yield from game_lines(table, seed, plies, detail, chars)


def games_digest(table: Table, seeds: Sequence[int], plies: int | None = None) -> str:
    """The sha256 hex of the games of ``table`` for ``seeds`` (every part of every position,
    each by its whole sha256): two engines play the same games exactly when their digests
    agree."""
    total = hashlib.sha256()
    for seed in seeds:
        for line in game_lines(table, seed, plies, "digests", 64):
            total.update(canonical_json(line) + b"\n")
    return total.hexdigest()


# ---- checking -----------------------------------------------------------------------------


def check(recording: Recording) -> Iterator[str]:
    """One line per position the engine now works out differently from ``recording``: table,
    seed, ply and the parts that differ (``ways`` when the ways of applying disagree)."""
    known = {
        str(t["table"]): Table(
            str(t["table"]), str(t["variant"]), int(str(t["players"])), t["teams"] is True
        )
        for t in _objects(recording.header.get("tables"))
    }
    replayed: dict[tuple[str, int], State | None] = {}
    unused = random.Random(0)
    for line in recording.lines:
        table = known.get(str(line.get("table")))
        seed, ply = int(str(line.get("seed"))), int(str(line.get("ply")))
        where = f"{line.get('table')} seed {seed} ply {ply}"
        if table is None:
            yield f"{where}: no such table in the header"
            continue
        v = get_variant(table.variant)
        key = (table.name, seed)
        stored = line.get("state")
        if isinstance(stored, dict):
            state: State | None = load(stored, v)
        elif ply == 0:
            state = v.new_game(table.players, seed, table.teams)
        else:
            state = replayed.get(key)
        if state is None:
            continue  # the game differed earlier (reported there) or has ended
        chosen = int(str(line.get("chosen")))
        worked = work_out(v, state, chosen if chosen >= 0 else None, unused)
        now = worked.line if recording.detail == "full" else digested(worked.line, recording.chars)
        found = [part for part in ("legal", "action", *PARTS) if now[part] != line.get(part)]
        found += ["ways"] if worked.disagree else []
        replayed[key] = None if found else worked.next_state
        if found:
            yield f"{where}: {', '.join(_described(part, line, now) for part in found)}"


def _described(part: str, stored: Line, now: Line) -> str:
    if part in ("legal", "action"):
        return f"{part} {stored.get(part)!r} -> {now.get(part)!r}"
    names = {"next": "next state", "ways": "the ways of applying disagree"}
    return names.get(part, part)


def compare(old: Recording, new: Recording) -> Iterator[str]:
    """The positions two recordings of the same games hold differently: table, seed, ply and
    the parts that differ, with the keys of a state and the entries of a listing that differ
    where both are written out; and where they stop holding the same positions."""
    if old.detail != new.detail:
        chars = min(old.chars, new.chars)
        old, new = _as_digests(old, chars), _as_digests(new, chars)
    for line, other in itertools.zip_longest(old.lines, new.lines):
        if line is None or other is None or _key(line) != _key(other):
            held = [_where(x) if x is not None else "nothing" for x in (line, other)]
            yield f"the recordings part: {held[0]} in the first, {held[1]} in the second"
            return
        where = _where(line)
        found = [
            _difference(part, line.get(part), other.get(part))
            for part in ("legal", "action", *PARTS)
            if line.get(part) != other.get(part)
        ]
        if found:
            yield f"{where}: {'; '.join(found)}"


def _as_digests(recording: Recording, chars: int) -> Recording:
    return Recording(
        {**recording.header, "detail": "digests", "digest_chars": chars},
        (
            digested(line, chars) if recording.detail == "full" else _shortened(line, chars)
            for line in recording.lines
        ),
    )


def _shortened(line: Line, chars: int) -> Line:
    return {key: str(value)[:chars] if key in PARTS else value for key, value in line.items()}


def _key(line: Line) -> tuple[str, str, str]:
    return (str(line.get("table")), str(line.get("seed")), str(line.get("ply")))


def _where(line: Line) -> str:
    return f"{line.get('table')} seed {line.get('seed')} ply {line.get('ply')}"


def _difference(part: str, old: JSONValue | None, new: JSONValue | None) -> str:
    if isinstance(old, dict) and isinstance(new, dict):
        keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
        return f"{part} differs in {', '.join(keys)}"
    if isinstance(old, list) and isinstance(new, list):
        first = next(
            (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
            min(len(old), len(new)),
        )
        return f"{part} ({len(old)} -> {len(new)} entries, first difference at {first})"
    if part in ("legal", "action"):
        return f"{part} {old!r} -> {new!r}"
    return f"{part} differs"


def _objects(value: JSONValue | None) -> list[Mapping[str, JSONValue]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
