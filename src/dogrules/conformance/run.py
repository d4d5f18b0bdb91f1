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
from collections.abc import Callable
from pathlib import Path

import attrs

from dogrules.conformance.client import EngineFault, EngineProcess, Fault, state_of
from dogrules.conformance.compare import Disagreement, Kind, compare_position
from dogrules.conformance.perft import perft
from dogrules.conformance.shrink import Position, shrink
from dogrules.conformance.store import read_form, read_perft, shipped_dir
from dogrules.conformance.vectors import Form, all_forms
from dogrules.formats.states import load
from dogrules.model.errors import DogRulesError
from dogrules.model.jsonvalue import JSONValue
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = ["Report", "Settings", "conform"]


@attrs.frozen
class Settings:
    """What a run covers: the variants (None: every one both engines know), vectors per
    form (None: all), random games per form and their length, the perft depth, whether
    refusals must cite the same clauses, whether to shrink, where the vectors are."""

    variants: tuple[str, ...] | None = None
    limit: int | None = None
    games: int = 2
    plies: int = 30
    perft_depth: int = 2
    check_clauses: bool = True
    shrink: bool = True
    folder: Path | None = None
    max_failures: int = 3
    max_shrinks: int = 5


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
    engine: EngineProcess, settings: Settings, progress: Callable[[str], None] | None = None
) -> Report:
    """Compare ``engine`` with the reference as ``settings`` say."""
    report = Report()
    note = progress or (lambda text: None)
    try:
        hello = engine.request("hello", protocol=1)
    except EngineFault as fault:
        report.disagreements.append(Disagreement(Kind.FAULT, "hello", {}, None, "-", str(fault)))
        report.gave_up = "the engine did not answer hello"
        return report
    known = _variants(hello)
    wanted = [f for f in all_forms() if settings.variants is None or f.variant in settings.variants]
    forms = [form for form in wanted if form.variant in known]
    report.skipped = sorted({form.variant for form in wanted if form.variant not in known})
    try:
        for form in forms:
            note(f"{form.name} ...")
            report.forms.append(form.name)
            _run_form(engine, form, settings, report)
    except _GiveUp:
        report.gave_up = f"{report.failures()} engine failures: stopped"
    if settings.shrink:
        _shrink_all(engine, settings, report)
    return report


def _variants(hello: dict[str, JSONValue]) -> set[str]:
    listed = hello.get("variants")
    names = set()
    for item in listed if isinstance(listed, list) else []:
        if isinstance(item, dict) and isinstance(item.get("name"), str):
            names.add(str(item["name"]))
    return names


def _record(report: Report, settings: Settings, found: list[Disagreement]) -> None:
    report.positions += 1
    report.disagreements.extend(found)
    if report.failures() >= settings.max_failures:
        raise _GiveUp


def _run_form(engine: EngineProcess, form: Form, settings: Settings, report: Report) -> None:
    v = get_variant(form.variant)
    folder = settings.folder or shipped_dir()
    _header, vectors = read_form(folder, form)
    for entry in vectors[: settings.limit]:
        position = entry["position"]
        assert isinstance(position, dict)
        illegal_list = entry.get("illegal")
        illegal = [
            str(item["action"])
            for item in (illegal_list if isinstance(illegal_list, list) else [])
            if isinstance(item, dict)
        ]
        state = load(position, v)
        where = str(entry.get("id"))
        _record(
            report,
            settings,
            compare_position(engine, v, state, where, illegal, settings.check_clauses),
        )
    for seed in range(1, settings.games + 1):
        choose = random.Random(seed).choice
        state = v.new_game(form.players, seed, form.teams)
        for ply in range(settings.plies):
            if state.phase.value == "over":
                break
            where = f"{form.name} random game {seed}, ply {ply}"
            found = compare_position(engine, v, state, where, (), settings.check_clauses, 0)
            _record(report, settings, found)
            state = v.apply(state, choose(v.legal_actions(state))).state
    for row in read_perft(folder):
        if str(row.get("id", "")).rsplit("/", 1)[0] == form.name:
            _check_perft(engine, v, row, settings, report)


def _check_perft(
    engine: EngineProcess, v: Variant, row: dict[str, JSONValue], settings: Settings, report: Report
) -> None:
    position = row["position"]
    assert isinstance(position, dict)
    state = load(position, v)
    where = f"perft {row.get('id')}"
    for depth in range(1, settings.perft_depth + 1):
        ours = perft(v, state, depth)
        try:
            theirs = engine_perft(engine, position, depth)
        except EngineFault as fault:
            _record(
                report, settings, [Disagreement(Kind.FAULT, where, position, None, "-", str(fault))]
            )
            return
        if theirs != ours:
            found = Disagreement(
                Kind.PERFT,
                where,
                position,
                None,
                f"perft({depth}) = {ours}",
                f"perft({depth}) = {theirs}",
            )
            _record(report, settings, [found])
            return
    report.positions += 1


def engine_perft(engine: EngineProcess, position: dict[str, JSONValue], depth: int) -> int:
    """The engine's perft count of ``position`` at ``depth``, through its protocol."""
    listed = engine.request("legal_actions", state=position).get("actions")
    if not isinstance(listed, list):
        raise EngineFault(Fault.GARBAGE, "legal_actions", "no list of actions")
    if depth <= 1:
        return len(listed)
    total = 0
    for item in listed:
        notation = item.get("notation") if isinstance(item, dict) else None
        if not isinstance(notation, str):
            raise EngineFault(Fault.GARBAGE, "legal_actions", "an action without notation")
        reached = state_of(engine.request("apply", state=position, action=notation), "apply")
        total += engine_perft(engine, reached, depth - 1)
    return total


SHRINKABLE = frozenset({Kind.MISSING, Kind.EXTRA, Kind.STATE, Kind.VERDICT, Kind.CLAUSES})


def _shrink_all(engine: EngineProcess, settings: Settings, report: Report) -> None:
    """Shrink the first few disagreements (of kinds a single position shows)."""
    shrunk = 0
    for index, found in enumerate(report.disagreements):
        if found.kind not in SHRINKABLE or shrunk >= settings.max_shrinks or not found.position:
            continue
        shrunk += 1
        v = get_variant(str(found.position["variant"]))
        minimal = shrink(v, found.position, _persists(engine, v, found, settings))
        if minimal is not None:
            report.disagreements[index] = attrs.evolve(found, minimal=minimal)


def _persists(
    engine: EngineProcess, v: Variant, found: Disagreement, settings: Settings
) -> Callable[[Position], bool]:
    """Whether the same kind of disagreement about the same action shows in a position."""
    illegal = (found.action,) if found.kind in (Kind.VERDICT, Kind.CLAUSES) and found.action else ()

    def persists(position: Position) -> bool:
        state = load(position, v)
        try:
            again = compare_position(engine, v, state, "", illegal, settings.check_clauses, 0)
        except DogRulesError:
            return False  # the action cannot even be read there: not the same disagreement
        return any(d.kind is found.kind and d.action == found.action for d in again)

    return persists
