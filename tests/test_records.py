"""Game records (dogrules.formats): writing, reading, replaying, verifying, and the JSON
Schemas of records and positions."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

import dogrules
import dogrules.data.specs
from dogrules.formats import records, schemas
from dogrules.formats.records import (
    Record,
    RecordError,
    fingerprint,
    read_record,
    state_digest,
    write_record,
)
from dogrules.formats.replay import final_state, record_game, replay, verify
from dogrules.formats.states import KEYS, optional_keys
from dogrules.formats.validation import validate, validate_file
from dogrules.variants.built_in import STANDARD_PARTS

GAMES = [("black-dog", 2, None), ("agent-dog", 3, None), ("dog-kids", 2, None)]


def play(variant: str, players: int, seed: int, limit: int = 10_000) -> list[dogrules.Action]:
    """A seeded random game's actions (at most ``limit``)."""
    game = dogrules.variant(variant)
    state = game.new_game(players=players, seed=seed)
    chooser = random.Random(seed)
    actions: list[dogrules.Action] = []
    while state.phase != "over" and len(actions) < limit:
        action = chooser.choice(game.legal_actions(state))
        actions.append(action)
        state = game.apply(state, action).state
    return actions


def end_state(variant: str, players: int, seed: int, actions: list[dogrules.Action]) -> Any:
    game = dogrules.variant(variant)
    state = game.new_game(players=players, seed=seed)
    for action in actions:
        state = game.apply(state, action).state
    return state


@pytest.fixture(scope="module")
def small() -> dict[str, Any]:
    """A record of 60 actions of a 2-player Black DOG game, with steps."""
    return record_game("black-dog", 2, 3, None, play("black-dog", 2, 3, 60), steps=True)


def one_line(message: str) -> bool:
    return "\n" not in message and len(message) < 400


# --- round trips ---------------------------------------------------------------------------


@pytest.mark.clause("R-C12")
@pytest.mark.parametrize(("variant", "players", "teams"), GAMES)
def test_round_trip_reaches_the_same_final_state(
    tmp_path: Path, variant: str, players: int, teams: bool | None
) -> None:
    actions = play(variant, players, seed=5, limit=400)
    expected = end_state(variant, players, 5, actions)
    data = record_game(variant, players, 5, teams, actions)
    assert data["actions"] == [str(a) for a in actions]
    path = tmp_path / "game.json"
    write_record(path, data)
    record = read_record(path)
    assert record == Record.from_json(data)
    assert record.library == dogrules.__version__
    assert record.fingerprint == fingerprint(variant)
    assert final_state(record) == expected
    numbers = [number for number, *_ in replay(record)]
    assert numbers == list(range(1, len(actions) + 1))
    for _, before, action, transition in replay(record):
        assert transition == dogrules.variant(variant).apply(before, action)


def test_record_of_notations_equals_record_of_actions() -> None:
    actions = play("dog-kids", 3, seed=2, limit=50)
    texts = [str(a) for a in actions]
    assert record_game("dog-kids", 3, 2, None, actions) == record_game(
        "dog-kids", 3, 2, None, texts
    )


def test_header_holds_the_actual_team_flag() -> None:
    assert record_game("black-dog", 4, 1)["header"] == {
        "variant": "black-dog",
        "players": 4,
        "teams": True,
        "seed": 1,
        "fingerprint": fingerprint("black-dog"),
        "library": dogrules.__version__,
    }
    header: Any = record_game("dog-kids", 4, 1, True)["header"]
    assert header["teams"] is True


def test_steps_describe_the_state_before_each_action(small: dict[str, Any]) -> None:
    record = Record.from_json(small)
    assert record.steps is not None and record.final is not None
    game = dogrules.variant("black-dog")
    after = None
    for number, before, _, transition in replay(record):
        step = record.steps[number - 1]
        assert step.legal == len(game.legal_actions(before))
        assert step.digest == state_digest(before)
        after = transition.state
    assert after is not None
    assert record.final.digest == state_digest(after)
    assert verify(record) == after == final_state(record)


def test_state_digest_is_sha256_of_canonical_dump() -> None:
    import hashlib

    state = dogrules.variant("agent-dog").new_game(3, seed=4)
    text = json.dumps(dogrules.dump(state), sort_keys=True, separators=(",", ":"))
    assert state_digest(state) == hashlib.sha256(text.encode()).hexdigest()


def test_written_file_has_one_action_per_line(tmp_path: Path, small: dict[str, Any]) -> None:
    path = tmp_path / "r.json"
    write_record(path, small)
    lines = path.read_text().splitlines()
    for text in small["actions"]:
        assert f"  {json.dumps(text)}," in lines or f"  {json.dumps(text)}" in lines
    assert json.loads(path.read_text()) == small


# --- illegal and unreadable actions --------------------------------------------------------


def _break_a_move(data: dict[str, Any]) -> tuple[dict[str, Any], int, str]:
    """The record with its first track move of a number card made one field too long."""
    pattern = re.compile(r"^(\d+) T(\d+)-T(\d+)$")
    for index, text in enumerate(data["actions"]):
        match = pattern.match(text)
        if match:
            card, origin, target = match.groups()
            wrong = f"{card} T{origin}-T{(int(target) + 1) % 64}"
            broken = json.loads(json.dumps(data))
            broken["actions"][index] = wrong
            broken.pop("steps", None)
            broken.pop("final", None)
            return broken, index + 1, wrong
    raise AssertionError("no number card move in the record")


@pytest.mark.clause("R-C12")
def test_illegal_action_fails_at_its_step_naming_the_clauses(small: dict[str, Any]) -> None:
    broken, number, wrong = _break_a_move(small)
    record = Record.from_json(broken, "game.json")
    with pytest.raises(RecordError) as caught:
        for _ in replay(record):
            pass
    error = caught.value
    message = str(error)
    assert one_line(message)
    assert message.startswith(f"game.json: step {number} ({wrong!r}) is not legal")
    assert error.step == number
    assert error.clauses
    known = {clause.id for clause in dogrules.variant("black-dog").clauses}
    assert set(error.clauses) <= known
    for clause in error.clauses:
        assert clause in message
    # The clauses are those explain() gives for the action in the state before it.
    game = dogrules.variant("black-dog")
    state = game.new_game(2, seed=3)
    for text in broken["actions"][: number - 1]:
        state = game.apply(state, game.parse_action(state, text)).state
    assert error.clauses == game.explain(state, game.parse_action(state, wrong)).clauses


@pytest.mark.clause("R-C12")
def test_record_game_refuses_an_illegal_action() -> None:
    broken, number, wrong = _break_a_move(
        record_game("black-dog", 2, 3, None, play("black-dog", 2, 3, 60))
    )
    with pytest.raises(
        RecordError, match=rf"step {number} \({re.escape(repr(wrong))}\) is not legal"
    ):
        record_game("black-dog", 2, 3, None, broken["actions"])


def test_unreadable_action_names_its_step(small: dict[str, Any]) -> None:
    data = json.loads(json.dumps(small))
    data["actions"][4] = "fly T3-T9"
    with pytest.raises(
        RecordError, match=r"^record: step 5 \('fly T3-T9'\): cannot read"
    ) as caught:
        verify(data)
    assert caught.value.step == 5


def test_action_after_the_end_is_refused() -> None:
    actions = [str(a) for a in play("dog-kids", 2, seed=1)]
    data: Any = record_game("dog-kids", 2, 1, None, actions)
    data["actions"].append(actions[-1])
    with pytest.raises(RecordError, match=rf"step {len(actions) + 1} .* game is already over"):
        final_state(data)


# --- golden checks -------------------------------------------------------------------------


def test_verify_names_a_changed_legal_count(small: dict[str, Any]) -> None:
    data = json.loads(json.dumps(small))
    data["steps"][20]["legal"] += 1
    with pytest.raises(
        RecordError, match=r"step 21: legal count differs \(recorded \d+, now \d+\)"
    ):
        verify(data)


def test_verify_names_a_changed_digest(small: dict[str, Any]) -> None:
    data = json.loads(json.dumps(small))
    data["steps"][30]["digest"] = "0" * 64
    with pytest.raises(RecordError, match=r"step 31: digest differs"):
        verify(data)
    data = json.loads(json.dumps(small))
    data["final"]["digest"] = "0" * 64
    with pytest.raises(RecordError, match=r"after the last action \(step 60\): digest differs"):
        verify(data)


def test_steps_must_match_the_actions(small: dict[str, Any]) -> None:
    data = json.loads(json.dumps(small))
    data["steps"].pop()
    with pytest.raises(RecordError, match=r"^x\.json: steps: 59 entries for 60 actions"):
        Record.from_json(data, "x.json")


# --- fingerprints --------------------------------------------------------------------------


def test_fingerprint_is_per_board_and_deck() -> None:
    prints = {name: fingerprint(name) for name in dogrules.VARIANTS}
    assert len(set(prints.values())) == len(prints)
    assert all(re.fullmatch(r"[0-9a-f]{64}", value) for value in prints.values())
    with pytest.raises(ValueError, match="unknown variant"):
        fingerprint("classic-dog")


def test_changed_layout_changes_the_fingerprint(monkeypatch: pytest.MonkeyPatch) -> None:
    original = dogrules.data.specs.read_toml

    def other_deck(relative: str) -> dict[str, Any]:
        data = dict(original(relative))
        data["variant"] = f"{data['variant']} (another box)"
        return data

    installed = fingerprint("black-dog")
    monkeypatch.setattr("dogrules.engine.ruleset.read_toml", other_deck)
    records.fingerprint.cache_clear()
    try:
        assert fingerprint("black-dog") != installed
    finally:
        records.fingerprint.cache_clear()


def test_changed_fingerprint_is_detected(small: dict[str, Any]) -> None:
    data = json.loads(json.dumps(small))
    data["header"]["fingerprint"] = "ab" * 32
    with pytest.raises(RecordError) as caught:
        verify(data)
    assert str(caught.value) == (
        "record: record made with a different board/deck: fingerprint "
        f"{'ab' * 32}, installed {fingerprint('black-dog')}"
    )


# --- reading broken files ------------------------------------------------------------------


def test_malformed_json_gives_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "dogrules-record",\n  "version": 1,,\n}')
    with pytest.raises(RecordError) as caught:
        read_record(path)
    message = str(caught.value)
    assert one_line(message)
    assert message.startswith(f"{path}: malformed JSON at line 2, column 16")
    assert validate_file(path) == [message.removeprefix(f"{path}: ")]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"nothing\.json: cannot read"):
        read_record(tmp_path / "nothing.json")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["header"].pop("seed"), "header.seed: missing"),
        (lambda d: d.pop("actions"), "actions: missing"),
        (lambda d: d.update(extra=1), "extra: unknown key"),
        (lambda d: d.update(version=2), "version: expected 1, got 2"),
        (lambda d: d["header"].update(players=5), "header.players: 5 is not a player count"),
        (lambda d: d["header"].update(variant="dog"), "header.variant: 'dog' is not a variant"),
        (lambda d: d["header"].update(fingerprint="xyz"), "header.fingerprint: 'xyz' is not a"),
        (lambda d: d["actions"].__setitem__(3, 7), "actions[3]: 7 is not of type string"),
        (lambda d: d["steps"][2].update(legal=-1), "steps[2].legal: -1 is less than"),
        (lambda d: d["steps"][2].pop("digest"), "steps[2].digest: missing"),
    ],
)
def test_wrong_record_schema_names_the_field(
    tmp_path: Path, small: dict[str, Any], change: Any, expected: str
) -> None:
    data = json.loads(json.dumps(small))
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as caught:
        read_record(path)
    message = str(caught.value)
    assert one_line(message)
    assert message.startswith(f"{path}: {expected}")
    assert any(m.startswith(expected) for m in validate_file(path))


# --- positions -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def position() -> dict[str, Any]:
    game = dogrules.variant("black-dog")
    state = game.new_game(4, seed=7)
    for action in play("black-dog", 4, seed=7, limit=30):
        state = game.apply(state, action).state
    return dogrules.dump(state)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.pop("deck"), "deck: missing"),
        (lambda d: d.update(colour="red"), "colour: unknown key"),
        (lambda d: d["pieces"]["1"].__setitem__(0, "X9"), "pieces.1[0]: 'X9' is not a location"),
        (lambda d: d["pieces"]["1"].__setitem__(0, "F2@1"), "pieces.1[0]: 'F2@1' is not a loc"),
        (
            lambda d: d["hands"]["2"].insert(1, "bogus"),
            "hands.2[1]: 'bogus' is not a card notation",
        ),
        (lambda d: d["deck"].__setitem__(0, 5), "deck[0]: 5 is not a card notation"),
        (lambda d: d["exchange"].update({"0": "joker"}), "exchange.0: 'joker' is not a card"),
        (lambda d: d["hands"].pop("3"), "hands.3: missing"),
        (lambda d: d["hands"].update({"4": []}), "hands: key '4' is not a seat of a 4-player game"),
        (lambda d: d.update(black_dog="F2"), "black_dog: 'F2' is not a track field"),
        (lambda d: d.update(to_act=4), "to_act: 4 is not a seat"),
        (lambda d: d.update(phase="lunch"), "phase: 'lunch' is not a phase"),
        (lambda d: d.update(winner=[0, 0]), "winner: [0, 0] has non-unique elements"),
        (lambda d: d.update(format=2), "format: expected 1, got 2"),
        (lambda d: d.update(redrawn="no"), "redrawn: 'no' is not of type boolean"),
    ],
)
def test_wrong_position_schema_names_the_field(
    tmp_path: Path, position: dict[str, Any], change: Any, expected: str
) -> None:
    data = json.loads(json.dumps(position))
    change(data)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data))
    messages = validate_file(path)
    assert messages, "the position should be refused"
    assert all(one_line(m) for m in messages)
    assert any(m.startswith(expected) for m in messages), messages


def test_position_that_fits_the_schema_is_also_loaded(position: dict[str, Any]) -> None:
    assert validate(position) == []
    data = json.loads(json.dumps(position))
    data["deck"].append("5")
    assert validate(data) == ["cards: not conserved: 1 extra '5'"]
    data = json.loads(json.dumps(position))
    data["deck"][0] = "bone"  # a card of another variant
    assert len(validate(data)) == 1
    assert "unknown card 'bone'" in validate(data)[0]


def test_two_player_position_has_two_seats() -> None:
    state = dogrules.variant("dog-kids").new_game(2, seed=1)
    data = json.loads(json.dumps(dogrules.dump(state)))
    assert validate(data) == []
    data["hands"]["2"] = []
    assert validate(data) == ["hands: key '2' is not a seat of a 2-player game"]


def test_not_an_object() -> None:
    assert validate([1, 2]) == ["(top level): [1, 2] is not of type object"]


def test_record_file_is_replayed_by_validate(tmp_path: Path, small: dict[str, Any]) -> None:
    path = tmp_path / "ok.json"
    write_record(path, small)
    assert validate_file(path) == []
    broken, number, _ = _break_a_move(small)
    path.write_text(json.dumps(broken))
    [message] = validate_file(path)
    assert message.startswith(f"step {number} (")


def test_position_schema_matches_dump() -> None:
    schema: Any = schemas.schema("position")
    assert schema["required"] == list(KEYS)
    optional = {key for part in STANDARD_PARTS for key in optional_keys(part)}
    assert set(schema["properties"]) == set(KEYS) | optional
    cards = {card for name in dogrules.VARIANTS for card in dogrules.variant(name).deck.notations}
    defs = schema["$defs"]
    assert set(defs["card"]["enum"]) == cards
    assert set(defs["card_or_null"]["enum"]) == cards | {None}
    assert schema["properties"]["variant"]["enum"] == list(dogrules.VARIANTS)


@pytest.mark.parametrize("name", dogrules.VARIANTS)
def test_dumped_states_follow_the_schema(name: str) -> None:
    game = dogrules.variant(name)
    for players in (2, 3, 4):
        state = game.new_game(players, seed=players)
        chooser = random.Random(players)
        for step in range(120):
            if step % 20 == 0:
                assert schemas._schema_messages("position", dogrules.dump(state)) == []
            if state.phase == "over":
                break
            state = game.apply(state, chooser.choice(game.legal_actions(state))).state


# --- atomic writes -------------------------------------------------------------------------


def test_failing_write_leaves_no_file(
    tmp_path: Path, small: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(source: str, target: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        write_record(tmp_path / "game.json", small)
    assert list(tmp_path.iterdir()) == []


def test_failing_write_keeps_the_old_file(
    tmp_path: Path, small: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")

    def crash(descriptor: int) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError, match="power cut"):
        write_record(path, small)
    assert path.read_text() == "old"
    assert list(tmp_path.iterdir()) == [path]


def test_invalid_record_is_not_written(tmp_path: Path, small: dict[str, Any]) -> None:
    data = json.loads(json.dumps(small))
    del data["header"]
    with pytest.raises(RecordError, match="header: missing"):
        write_record(tmp_path / "game.json", data)
    assert list(tmp_path.iterdir()) == []


def test_written_file_gets_ordinary_permissions(tmp_path: Path, small: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    write_record(path, small)
    umask = os.umask(0o022)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask
