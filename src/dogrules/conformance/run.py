"""``dogrules conform``: drive another engine through the vectors, seeded random games and
the perft positions, compare each answer with the reference's and collect a report.

The engine is asked ``hello`` first (the variants it names are the ones checked), then for
each form: every vector (its outcomes, the state its first listed action leads to through
``apply``, its verdicts on the vector's near misses), the positions of seeded random games
(their outcomes), and the perft counts. Each disagreement is shrunk to a smaller position
where it persists, when one exists. Too many engine failures (crashes, hangs, garbage) end
the run early, reported.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

import attrs

from dogrules.conformance.client import EngineFault
from dogrules.conformance.compare import Disagreement, Kind, compare_position
from dogrules.conformance.engines import Engine, Position, Refused
from dogrules.conformance.perft import divide
from dogrules.conformance.shrink import shrink
from dogrules.conformance.store import read_form, read_perft, shipped_dir
from dogrules.conformance.vectors import Form, all_forms
from dogrules.formats.states import load
from dogrules.model.errors import DogRulesError
from dogrules.model.jsonvalue import JSONValue
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = [
    "Check",
    "Report",
    "Settings",
    "checks",
    "conform",
    "game_checks",
    "perft_check",
    "run_check",
    "shrunk",
    "vector_check",
    "vector_near_misses",
]


@attrs.frozen
class Settings:
    """What a run covers: the variants (None: every one both engines know), vectors per
    form (None: all), random games per form and their length, the perft depth, whether
    refusals must cite the same clauses, whether to shrink, where the vectors are, the
    engine failures that end a run, the disagreements shrunk, and the disagreements after
    which a run stops (None: it never stops early)."""

    variants: tuple[str, ...] | None = None
    limit: int | None = None
    games: int = 2
    plies: int = 30
    perft_depth: int = 2
    check_clauses: bool = True
    shrink: bool = True
    folder: Path | None = None
    max_failures: int = 3
    max_shrinks: int = 3
    max_disagreements: int | None = None


@attrs.define
class Report:
    """What a run found: every disagreement, how many positions were compared, the forms
    checked, why it ended early (None when it did not), and the variants asked for that
    the engine does not name in its ``hello`` (not checked)."""

    disagreements: list[Disagreement] = attrs.field(factory=list)
    positions: int = 0
    forms: list[str] = attrs.field(factory=list)
    gave_up: str | None = None
    skipped: list[str] = attrs.field(factory=list)

    @property
    def agreed(self) -> bool:
        """Whether the engine agreed everywhere, and was asked about something."""
        return not self.disagreements and self.gave_up is None and self.positions > 0

    def failures(self) -> int:
        return sum(1 for d in self.disagreements if d.kind is Kind.FAULT)


class _GiveUp(Exception):
    pass


def conform(
    engine: Engine, settings: Settings, progress: Callable[[str], None] | None = None
) -> Report:
    """Compare ``engine`` with the reference as ``settings`` say."""
    report = Report()
    note = progress or (lambda text: None)
    try:
        known = engine.variants()
    except EngineFault as fault:
        report.disagreements.append(Disagreement(Kind.FAULT, "hello", {}, None, "-", str(fault)))
        report.gave_up = "the engine did not answer hello"
        return report
    wanted = [f for f in all_forms() if settings.variants is None or f.variant in settings.variants]
    forms = [form for form in wanted if form.variant in known]
    report.skipped = sorted({form.variant for form in wanted if form.variant not in known})
    try:
        for form in forms:
            note(f"{form.name} ...")
            report.forms.append(form.name)
            _run_form(engine, form, settings, report)
    except _GiveUp as stop:
        report.gave_up = str(stop)
    if settings.shrink:
        report.disagreements = shrunk(engine, report.disagreements, settings)
    return report


def _record(report: Report, settings: Settings, found: list[Disagreement]) -> None:
    report.positions += 1
    report.disagreements.extend(found)
    if report.failures() >= settings.max_failures:
        raise _GiveUp(f"{report.failures()} engine failures: stopped")
    enough = settings.max_disagreements
    if enough is not None and len(report.disagreements) >= enough:
        raise _GiveUp(f"{len(report.disagreements)} disagreements found: stopped")


@attrs.frozen
class Check:
    """One check of a run: a vector (``vector``), a seeded random game (``game``) or a perft
    position (``perft``) of a form; ``name`` says which, ``data`` is the vector or perft row
    (the seed for a game)."""

    kind: str
    form: Form
    name: str
    data: Mapping[str, JSONValue] | int

    def __str__(self) -> str:
        return self.name


def checks(settings: Settings, forms: Iterable[Form] | None = None) -> Iterator[Check]:
    """Every check ``settings`` ask for, form by form: the same list for ``dogrules
    conform`` and the pytest plugin."""
    folder = settings.folder or shipped_dir()
    rows = read_perft(folder)
    for form in all_forms() if forms is None else forms:
        if settings.variants is not None and form.variant not in settings.variants:
            continue
        _header, vectors = read_form(folder, form)
        for entry in vectors[: settings.limit]:
            yield Check("vector", form, str(entry.get("id")), entry)
        for seed in range(1, settings.games + 1):
            yield Check("game", form, f"{form.name} random game {seed}", seed)
        for row in rows:
            if str(row.get("id", "")).rsplit("/", 1)[0] == form.name:
                yield Check("perft", form, f"perft {row.get('id')}", row)


def run_check(engine: Engine, check: Check, settings: Settings) -> Iterator[list[Disagreement]]:
    """The disagreements of ``engine`` on ``check``, one list per position compared."""
    if isinstance(check.data, int):
        yield from game_checks(
            engine, check.form, check.data, settings.plies, settings.check_clauses
        )
    elif check.kind == "vector":
        yield vector_check(engine, check.data, settings.check_clauses)
    else:
        yield perft_check(engine, check.data, settings.perft_depth)


def _run_form(engine: Engine, form: Form, settings: Settings, report: Report) -> None:
    for check in checks(settings, [form]):
        for found in run_check(engine, check, settings):
            _record(report, settings, found)


def vector_check(
    engine: Engine, entry: Mapping[str, JSONValue], check_clauses: bool = True
) -> list[Disagreement]:
    """The disagreements of ``engine`` on a vector: its outcomes, every listed action move
    by move, and its verdicts on the vector's near misses."""
    position = entry["position"]
    if not isinstance(position, dict):
        raise ValueError("a vector's position is an object")
    state = load(position)
    v = get_variant(state.variant)
    illegal = vector_near_misses(entry)
    return compare_position(engine, v, state, str(entry.get("id")), illegal, check_clauses)


def vector_near_misses(entry: Mapping[str, JSONValue]) -> list[str]:
    """The near misses (notation) a vector records."""
    listed = entry.get("illegal")
    return [
        str(item["action"])
        for item in (listed if isinstance(listed, list) else [])
        if isinstance(item, dict) and "action" in item
    ]


def game_checks(
    engine: Engine, form: Form, seed: int, plies: int, check_clauses: bool = True
) -> Iterator[list[Disagreement]]:
    """The disagreements of ``engine`` at each position of seeded random game ``seed`` of
    ``form`` (its first ``plies`` positions), one list a position."""
    v = get_variant(form.variant)
    choose = random.Random(seed).choice
    state = v.new_game(form.players, seed, form.teams)
    for ply in range(plies):
        if state.phase.value == "over":
            return
        where = f"{form.name} random game {seed}, ply {ply}"
        yield compare_position(engine, v, state, where, (), check_clauses)
        state = v.apply(state, choose(v.legal_actions(state))).state


def perft_check(engine: Engine, row: Mapping[str, JSONValue], depth: int) -> list[Disagreement]:
    """The disagreement of ``engine`` with a perft position's counts up to ``depth``, each
    checked with its divide (the count below each first move): a count that differs is
    followed down the first move where the engines part to the position where they
    disagree, and that position's disagreements are reported with it."""
    position = row["position"]
    if not isinstance(position, dict):
        raise ValueError("a perft position is an object")
    v = get_variant(str(position.get("variant")))
    name = f"perft {row.get('id')}"
    try:
        for level in range(1, depth + 1):
            found = _follow(engine, v, position, level, name, [])
            if found:
                return found
    except EngineFault as fault:
        return [Disagreement(Kind.FAULT, name, position, None, "-", str(fault))]
    return []


def _follow(
    engine: Engine, v: Variant, position: Position, depth: int, name: str, path: list[str]
) -> list[Disagreement]:
    """Compare the count of ``position`` at ``depth``; when it differs, compare that
    position outright, and go down the first move whose divide count differs."""
    ours = divide(v, load(position, v), depth)
    theirs = engine_divide(engine, position, depth)
    if sum(ours.values()) == sum(theirs.values()):
        return []
    where = f"{name}{' after ' + ' / '.join(path) if path else ''}"
    parted = sorted(k for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k))
    move = parted[0]
    summary = Disagreement(
        Kind.PERFT,
        where,
        position,
        move,
        f"perft({depth}) = {sum(ours.values())}; below {move}: {ours.get(move, 'not listed')}",
        f"perft({depth}) = {sum(theirs.values())}; below {move}: {theirs.get(move, 'not listed')}",
    )
    state = load(position, v)
    here = compare_position(engine, v, state, where, (), True)
    if here or depth == 1 or move not in ours or move not in theirs:
        return [summary, *here]
    reached = engine.apply(position, move)
    if isinstance(reached, Refused):
        return [summary]
    return [summary, *_follow(engine, v, reached.state, depth - 1, name, [*path, move])]


def engine_divide(engine: Engine, position: Position, depth: int) -> dict[str, int]:
    """The engine's divide of ``position`` at ``depth``: for each action it lists, the
    number of sequences of ``depth`` actions that start with it."""
    found: dict[str, int] = {}
    for item in engine.listing(position):
        if depth <= 1:
            found[item.notation] = found.get(item.notation, 0) + 1
            continue
        reached = engine.apply(position, item.notation)
        below = (
            0 if isinstance(reached, Refused) else _engine_perft(engine, reached.state, depth - 1)
        )
        found[item.notation] = found.get(item.notation, 0) + below
    return found


def _engine_perft(engine: Engine, position: Position, depth: int) -> int:
    if depth <= 1:
        return len(engine.listing(position))
    return sum(engine_divide(engine, position, depth).values())


SHRINKABLE = frozenset(
    {Kind.MISSING, Kind.EXTRA, Kind.STATE, Kind.WINNER, Kind.EVENTS, Kind.VERDICT, Kind.CLAUSES}
)


def shrunk(engine: Engine, found: list[Disagreement], settings: Settings) -> list[Disagreement]:
    """``found`` with the first few disagreements (of kinds a single position shows) given
    the smallest position where they persist."""
    out = list(found)
    done = 0
    for index, item in enumerate(out):
        if item.kind not in SHRINKABLE or done >= settings.max_shrinks or not item.position:
            continue
        done += 1
        v = get_variant(str(item.position["variant"]))
        minimal = shrink(v, item.position, _persists(engine, v, item, settings))
        if minimal is not None:
            out[index] = attrs.evolve(item, minimal=minimal)
    return out


def _persists(
    engine: Engine, v: Variant, found: Disagreement, settings: Settings
) -> Callable[[Position], bool]:
    """Whether the same kind of disagreement about the same action shows in a position."""
    illegal = (found.action,) if found.kind in (Kind.VERDICT, Kind.CLAUSES) and found.action else ()

    def persists(position: Position) -> bool:
        state = load(position, v)
        try:
            again = compare_position(engine, v, state, "", illegal, settings.check_clauses)
        except DogRulesError:
            return False  # the action cannot even be read there: not the same disagreement
        return any(d.kind is found.kind and d.action == found.action for d in again)

    return persists
