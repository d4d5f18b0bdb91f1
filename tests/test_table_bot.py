"""Issue 14, the web table's bots: ``dogrules.app.table_bot.bot_move`` (a built-in bot
chooses the action of the seat to act, the protocol's apply answers for it) and the routes
``dogrules serve --http`` adds for the table (``POST /table/bot``, ``GET /table/bots``, the
page's static files at ``/``), with the Starlette test client. The browser itself is
tests/test_web_table.py's."""

from __future__ import annotations

import doctest
import importlib
import json
import os
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import dogrules
from dogrules.app import table_bot
from dogrules.app.bots import BUILT_IN, BotSeat
from dogrules.app.plugins import bot_names, make_bot
from dogrules.app.table_bot import bot_move, table_messages
from dogrules.protocol import Context, Sessions

KD = dogrules.variant("dog-kids")
OPENING = dogrules.dump(KD.new_game(players=2, seed=3))


def played(seed: int, plies: int) -> dogrules.State:
    """A DOG Kids game for 2 after ``plies`` greedy moves."""
    state = KD.new_game(players=2, seed=seed)
    bots = [BotSeat(make_bot("greedy", seed), seat) for seat in range(2)]
    for _ in range(plies):
        chosen = bots[state.to_act].choose(KD, state, KD.legal_actions(state))
        state = KD.apply(state, chosen).state
    return state


def finished() -> dogrules.State:
    state = KD.new_game(players=2, seed=0)
    bots = [BotSeat(make_bot("greedy", 0), seat) for seat in range(2)]
    while not state.winner:
        chosen = bots[state.to_act].choose(KD, state, KD.legal_actions(state))
        state = KD.apply(state, chosen).state
    return state


def error_of(answer: dict[str, Any]) -> dict[str, Any]:
    assert "error" in answer, f"expected an error answer, got {sorted(answer)}"
    assert table_messages("table-bot.answer", answer), "an error answer is no bot answer"
    error: dict[str, Any] = answer["error"]
    return error


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_the_bot_plays_what_it_would_choose_and_the_answer_is_apply_s(name: str) -> None:
    state = played(seed=5, plies=6)
    sent = {"id": "b1", "state": dogrules.dump(state), "bot": name, "seed": 9}
    answer: Any = bot_move(sent, Context())
    assert table_messages("table-bot.answer", answer) == []
    seat = BotSeat(make_bot(name, 9), state.to_act)  # it sees only what its seat may
    chosen = seat.choose(KD, state, KD.legal_actions(state))
    applied = KD.apply(state, chosen)
    assert answer["id"] == "b1" and answer["bot"] == name
    assert answer["state"] == dogrules.dump(applied.state)
    assert KD.parse_action(state, answer["action"]["notation"]) == chosen
    assert [event["kind"] for event in answer["events"]] == [str(e.kind) for e in applied.events]


def test_the_greedy_bot_is_the_default_and_a_seed_makes_it_reproducible() -> None:
    state = dogrules.dump(played(seed=2, plies=10))
    first: Any = bot_move({"state": state, "seed": 4}, Context())
    again = bot_move({"state": state, "seed": 4}, Context())
    assert first["bot"] == "greedy"
    assert first == again


@pytest.mark.parametrize(
    ("request_", "code", "said"),
    [
        ([], "invalid_request", "JSON object"),
        ({"state": OPENING, "bot": "oracle"}, "invalid_request", "bots: random, greedy"),
        # A request never makes the server import a module it names.
        ({"state": OPENING, "bot": "os:system"}, "invalid_request", "no bot 'os:system'"),
        ({"state": OPENING, "seed": -1}, "invalid_request", "seed"),
        ({"state": OPENING, "seat": 7}, "invalid_request", "seat"),
        ({"state": OPENING, "moves": 3}, "invalid_request", "moves"),
        ({"bot": "greedy"}, "invalid_request", "state"),
        ({"state": {**OPENING, "players": 9}}, "invalid_position", "players"),
    ],
)
def test_a_bad_request_is_an_error_answer_naming_its_fault(
    request_: object, code: str, said: str
) -> None:
    error = error_of(bot_move(request_, Context()))
    assert error["code"] == code, error
    assert said in error["message"], error["message"]


def test_a_bot_cannot_move_in_a_game_that_is_over() -> None:
    error = error_of(bot_move({"state": dogrules.dump(finished())}, Context()))
    assert error["code"] == "invalid_request"
    assert "game is over" in error["message"]


# ---------------------------------------------------------------------------------------------
# Over HTTP: needs the extra serve (Starlette); skipped without it, except in CI.
# ---------------------------------------------------------------------------------------------


def needed(module: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"{module} is missing: pip install 'dogrules[serve]'")


@pytest.fixture
def client() -> Any:
    testclient = needed("starlette.testclient")
    web_table = needed("dogrules.app.web_table")
    app = web_table.create_app(Context(Sessions(8), 1 << 20))
    with testclient.TestClient(app) as test_client:
        yield test_client


def test_the_page_and_every_file_it_loads_are_served(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    wanted = re.findall(r'(?:src|href)="([\w.]+\.(?:js|css))"', page.text)
    assert {"table.js", "table.css"} <= set(wanted)
    seen: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in seen:
            continue
        seen.add(name)
        served = client.get(f"/{name}")
        assert served.status_code == 200, name
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        # A module script of another type is refused by the browser.
        assert served.headers["content-type"].startswith(kind), (name, served.headers)
        wanted += re.findall(r'from "\./([\w.]+\.js)"', served.text)
    web = needed("dogrules.app.web_table").web_directory()
    assert seen | {"index.html"} == {path.name for path in Path(web).iterdir()}


def test_bot_route_answers_a_move_and_errors_with_their_statuses(client: Any) -> None:
    assert client.get("/table/bots").json() == {"bots": bot_names(), "default": "greedy"}
    moved = client.post("/table/bot", content=json.dumps({"id": 3, "state": OPENING}))
    assert moved.status_code == 200
    assert table_messages("table-bot.answer", moved.json()) == []
    wrong = client.post("/table/bot", content=json.dumps({"state": OPENING, "bot": "x"}))
    assert wrong.status_code == 400 and wrong.json()["error"]["code"] == "invalid_request"
    broken = client.post("/table/bot", content=b"{not json")
    assert broken.status_code == 400 and broken.json()["error"]["code"] == "parse_error"
    huge = client.post("/table/bot", content=b" " * ((1 << 20) + 10))
    assert huge.status_code == 413
    assert client.post("/api/version", content=b"{}").json()["protocol"] == "dogrules"


def test_the_module_s_docstring_example_runs() -> None:
    result = doctest.testmod(table_bot, raise_on_error=False)
    assert result.attempted > 0 and result.failed == 0
