"""Issue 34, tables people play together (``dogrules.app.table_service`` and its routes,
``dogrules.app.table_http``): the game is held by the server, each seat by its token, and
each seat sees only what ``observe`` gives it (BD-SECRECY, BD-EXCHANGE, R-C3); a move is
refused when chosen on an older position or out of turn; the bots play the seats no
person holds. The browser tests are tests/test_web_table.py."""

from __future__ import annotations

import json
from typing import cast

import pytest

import dogrules
from dogrules.app import table_service
from dogrules.app.table_service import (
    Table,
    TableError,
    TableProblem,
    Tables,
    TableSettings,
)
from dogrules.model.house_rules import HouseRules
from dogrules.model.jsonvalue import JSONValue
from helpers import position_builder

BLACK_DOG_4 = TableSettings("black-dog", players=4, teams=True, seed=1, people=(0, 1))


def _moves(view: dict[str, JSONValue]) -> list[dict[str, JSONValue]]:
    return cast(list[dict[str, JSONValue]], view["moves"])


def _first_option(table: Table, token: str) -> JSONValue:
    decision = table.choose(token, table.version, [])
    options = cast(list[dict[str, JSONValue]], decision["options"])
    return options[0]["label"]


def _play_first_option(table: Table, token: str) -> None:
    """Choose the first option at every step until the move is played."""
    path: list[JSONValue] = []
    while True:
        answer = table.choose(token, table.version, path)
        if answer.get("played"):
            return
        options = cast(list[dict[str, JSONValue]], answer["options"])
        path.append(options[0]["label"])


def test_bd_secrecy_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    tables = Tables()
    host = tables.open(BLACK_DOG_4)
    friend = tables.get(host.table).take(None)
    state = tables.get(host.table).state
    for opened in (host, friend):
        view = tables.view(host.table, opened.token)
        seen = cast(dict[str, JSONValue], view["view"])
        assert seen == dogrules.variant("black-dog").observe(state, opened.seat)
        text = json.dumps(view)
        assert '"hands"' not in text and '"deck"' not in text
        assert view["seat"] == opened.seat


def test_bd_exchange_a_card_set_aside_is_named_only_to_its_giver() -> None:
    tables = Tables()
    host = tables.open(BLACK_DOG_4)
    table = tables.get(host.table)
    friend = table.take(None)
    _play_first_option(table, host.token)  # seat 0 places the Black Dog; seat 1 gives next
    given = _first_option(table, friend.token)
    assert str(given).startswith("give ")
    _play_first_option(table, friend.token)
    gives = {opened.seat: _gives_of(table, opened.token, friend.seat) for opened in (host, friend)}
    assert gives[friend.seat] == [given]
    assert gives[host.seat] == ["give (a card set aside)"]


def _gives_of(table: Table, token: str, giver: int) -> list[JSONValue]:
    """The notation of ``giver``'s gives, as the seat of ``token`` sees them."""
    actions = [
        cast(dict[str, JSONValue], move["action"])
        for move in _moves(table.view(token))
        if move["seat"] == giver
    ]
    return [action["notation"] for action in actions if action["kind"] == "give"]


def test_bots_play_the_seats_no_person_holds_until_a_person_is_to_act() -> None:
    tables = Tables()
    opened = tables.open(TableSettings("dog-kids", players=3, seed=4, people=(2,)))
    table = tables.get(opened.table)
    view = table.view(opened.token)
    seen = cast(dict[str, JSONValue], view["view"])
    assert seen["to_act"] == 2 or seen["winner"]
    assert {move["seat"] for move in _moves(view)} <= {0, 1}
    assert [s["who"] for s in cast(list[dict[str, str]], view["seats"])] == ["bot", "bot", "you"]


def test_an_empty_seat_waits_for_its_person_until_the_bots_take_it() -> None:
    tables = Tables()
    host = tables.open(TableSettings("dog-kids", players=2, seed=1, people=(1, 0)))
    table = tables.get(host.table)
    assert host.seat == 1
    seats = cast(list[dict[str, str]], table.view(host.token)["seats"])
    assert seats[0]["who"] == "open"
    before = table.version
    table.fill(host.token)
    assert cast(list[dict[str, str]], table.view(host.token)["seats"])[0]["who"] == "bot"
    state = table.state
    assert state.to_act == 1 or state.winner, "the bot did not play the seat it took"
    assert table.version >= before
    with pytest.raises(TableError) as refused:
        table.take(None)
    assert refused.value.problem == TableProblem.TABLE_FULL


def test_a_move_chosen_on_an_older_position_or_out_of_turn_is_refused() -> None:
    tables = Tables()
    host = tables.open(BLACK_DOG_4)
    table = tables.get(host.table)
    friend = table.take(None)
    with pytest.raises(TableError) as out_of_turn:
        table.choose(friend.token, table.version, [])
    assert out_of_turn.value.problem == TableProblem.NOT_YOUR_TURN
    version = table.version
    _play_first_option(table, host.token)
    with pytest.raises(TableError) as stale:
        table.choose(host.token, version, ["place"])
    assert stale.value.problem == TableProblem.STALE
    with pytest.raises(TableError) as wrong:
        table.view("not a token")
    assert wrong.value.problem == TableProblem.NOT_SEATED


def test_why_not_is_answered_on_ones_own_turn_only() -> None:
    tables = Tables()
    host = tables.open(TableSettings("dog-kids", players=2, seed=1, people=(0,)))
    table = tables.get(host.table)
    answer = table.explain(host.token, "green H-T0")
    assert answer["legal"] is False and "KD-ENTER" in cast(list[str], answer["clauses"])


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        (TableSettings("chess", players=2), "chess"),
        (TableSettings("dog-kids", players=9), "9"),
        (TableSettings("dog-kids", players=2, people=(0, 0)), "people"),
        (TableSettings("dog-kids", players=2, people=(5,)), "people"),
        (TableSettings("dog-kids", players=2, bot="oracle"), "oracle"),
    ],
)
def test_a_table_that_cannot_be_set_up_is_refused_naming_the_setting(
    settings: TableSettings, named: str
) -> None:
    with pytest.raises(TableError) as refused:
        Tables().open(settings)
    assert refused.value.problem == TableProblem.BAD_SETTINGS
    assert named in str(refused.value)


def _listed(table: Table, path: list[JSONValue] | None = None) -> set[str]:
    """Every action the seat to act may complete from ``path`` on, by the table's choices."""
    decision = table._protocol("choices", path=list(path or []))
    action = decision["action"]
    if isinstance(action, dict):
        return {str(action["notation"])}
    options = cast(list[dict[str, JSONValue]], decision["options"])
    return set().union(*(_listed(table, [*(path or []), o["label"]]) for o in options))


@pytest.mark.clause("R-C4", "BD-START-BLOCKS")
def test_R_C4_strict_a_table_played_by_it_lists_and_judges_by_it() -> None:
    # seat 0's piece on T16 (seat 1's start): the reference lets seat 3 pass, capture and
    # swap it; a table playing R-C4 strict does not, and says which readings it plays
    pos = position_builder(dogrules.variant("black-dog"), black_dog="T44")
    s = pos({0: ["T16"], 3: ["T14", "T12"]}, {3: ["5", "4", "swap"]}, to_act=3)
    passing = {"5 T14-T19", "4 T12-T16", "swap T14<>T16"}
    listings: dict[str, set[str]] = {}
    for reading in ("own-colour", "strict"):
        rulings = HouseRules.from_json({"R-C4": reading})
        table = Table("t", TableSettings("black-dog", players=4, people=(3,), rulings=rulings), s)
        token = table.take(3).token
        listings[reading] = _listed(table)
        assert cast(dict[str, JSONValue], table.view(token)["rulings"])["R-C4"] == reading
        assert table.explain(token, "5 T14-T19")["legal"] is (reading == "own-colour")
    assert passing <= listings["own-colour"]
    assert not passing & listings["strict"]


def test_a_table_asked_for_an_unknown_reading_is_refused_naming_it() -> None:
    bad = HouseRules.from_json({"R-C4": "loose"})
    with pytest.raises(TableError) as refused:
        Tables().open(TableSettings("black-dog", players=4, rulings=bad))
    assert refused.value.problem == TableProblem.BAD_SETTINGS
    assert "R-C4" in str(refused.value) and "loose" in str(refused.value)


def test_the_routes_answer_with_the_statuses_of_their_refusals() -> None:
    testclient = pytest.importorskip("starlette.testclient")
    web_table = pytest.importorskip("dogrules.app.web_table")
    client = testclient.TestClient(web_table.create_app())
    opened = client.post("/table/new", json={"variant": "dog-kids", "players": 2})
    assert opened.status_code == 200
    table, token = opened.json()["table"], opened.json()["token"]
    view = client.post(f"/table/{table}/view", json={"token": token})
    assert view.status_code == 200 and view.json()["seat"] == 0
    assert client.post(f"/table/{table}/view", json={"token": "x"}).status_code == 403
    assert client.post(f"/table/{table}/join", json={}).status_code == 409
    assert client.post("/table/none/view", json={"token": token}).status_code == 404
    assert client.post("/table/new", json={"variant": "chess", "players": 2}).status_code == 400
    assert client.post("/table/new", json={"players": 2}).json()["error"]["code"] == (
        "invalid_request"
    )
    stale = client.post(f"/table/{table}/choose", json={"token": token, "version": 99})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
    assert client.post(f"/table/{table}/choose", content=b"{oops").status_code == 400


def test_the_event_stream_carries_the_number_of_moves_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    testclient = pytest.importorskip("starlette.testclient")
    table_http = pytest.importorskip("dogrules.app.table_http")
    web_table = pytest.importorskip("dogrules.app.web_table")
    # A stream that ends at once, so that the test reads it whole.
    monkeypatch.setattr(table_http, "STREAM_SECONDS", 0.0)
    tables = Tables()
    client = testclient.TestClient(web_table.create_app(tables=tables))
    opened = tables.open(TableSettings("dog-kids", players=2, seed=1, people=(0,)))
    streamed = client.get(f"/table/{opened.table}/events")
    assert streamed.headers["content-type"].startswith("text/event-stream")
    version = tables.get(opened.table).version
    assert streamed.text == f"retry: 1000\ndata: {version}\n\n"
    assert client.get("/table/none/events").status_code == 404


class _Cheat:
    """A plug-in bot that breaks its contract: it plays an action that is not legal."""

    name = "cheat"

    def observe(self, seen: object) -> None:
        """Sees nothing."""

    def choose(self, turn: object) -> object:
        return "not an action"


def test_a_bot_that_breaks_its_contract_stops_the_table_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(table_service, "make_bot", lambda name, seed: _Cheat())
    with pytest.raises(TableError) as failed:
        Tables().open(TableSettings("dog-kids", players=2, seed=1, people=(1,)))
    assert failed.value.problem == TableProblem.BOT_FAILED
    assert "at seat 0" in str(failed.value)


@pytest.mark.parametrize("name", dogrules.VARIANTS)
def test_a_whole_game_at_a_table_shows_each_seat_its_observation_only(name: str) -> None:
    variant = dogrules.variant(name)
    tables = Tables()
    host = tables.open(TableSettings(name, players=3, seed=2, people=(0, 2)))
    table = tables.get(host.table)
    friend = table.take(None)
    tokens = {host.seat: host.token, friend.seat: friend.token}
    for _ in range(2000):
        state = table.state
        for seat, token in tokens.items():
            assert table.view(token)["view"] == variant.observe(state, seat)
        if state.winner:
            return
        _play_first_option(table, tokens[state.to_act])
    pytest.fail(f"no winner at the {name} table after 2000 moves of its people")
