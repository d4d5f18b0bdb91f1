"""The routes of the tables people play together (``dogrules.app.table_http``): a table's
house rules (issue 36: a reading asked for, or the server's ``--rules``, a bad one refused
naming it) and the bounds of ``serve --http`` (issue 33): the tables' work shares the
protocol's one workload, event streams are counted, cross-origin POSTs are refused. The
service itself is tested in tests/test_table_service.py, the page in tests/test_web_table.py.

Needs the extra ``serve``; these tests skip without it, saying so, except in CI."""

from __future__ import annotations

import threading
from typing import Any, cast

import pytest

from dogrules.app import table_service
from dogrules.app.table_service import Tables, TableSettings
from dogrules.model.jsonvalue import JSONValue
from dogrules.protocol import Context
from serving import needed, run_apart

testclient = needed("starlette.testclient")
anyio = needed("anyio")
httpx = needed("httpx")
web_table = needed("dogrules.app.web_table")
table_http = needed("dogrules.app.table_http")
http_bounds = needed("dogrules.app.http_bounds")


def _rulings(client: Any, answer: Any) -> dict[str, JSONValue]:
    opened = answer.json()
    view = client.post(f"/table/{opened['table']}/view", json={"token": opened["token"]})
    return cast(dict[str, JSONValue], view.json()["rulings"])


def test_R_C4_a_table_opened_with_a_reading_plays_it_and_says_so() -> None:
    client = testclient.TestClient(web_table.create_app())
    asked = {"variant": "black-dog", "players": 4, "seed": 1}
    plain = client.post("/table/new", json=asked)
    assert _rulings(client, plain)["R-C4"] == "own-colour"
    strict = client.post("/table/new", json={**asked, "rulings": {"R-C4": "strict"}})
    assert strict.status_code == 200
    assert _rulings(client, strict) == {**_rulings(client, plain), "R-C4": "strict"}


def test_R_K9_the_servers_own_house_rules_are_a_tables_default() -> None:
    context = Context(house_rules={"dog-kids": {"R-K9": "compulsory"}})
    client = testclient.TestClient(web_table.create_app(context))
    asked = {"variant": "dog-kids", "players": 2}
    assert _rulings(client, client.post("/table/new", json=asked))["R-K9"] == "compulsory"
    chosen = client.post("/table/new", json={**asked, "rulings": {"R-K9": "optional"}})
    assert _rulings(client, chosen)["R-K9"] == "optional"


@pytest.mark.parametrize(
    ("rulings", "named"),
    [
        ({"R-C4": "loose"}, "loose"),
        ({"R-Z99": "strict"}, "R-Z99"),
        ({"R-C4": 4}, "R-C4"),
        (["R-C4", "strict"], "rulings"),
    ],
)
def test_a_table_asked_for_a_bad_reading_is_refused_naming_it(
    rulings: JSONValue, named: str
) -> None:
    client = testclient.TestClient(web_table.create_app())
    asked = {"variant": "black-dog", "players": 4, "rulings": rulings}
    refused = client.post("/table/new", json=asked)
    assert refused.status_code == 400
    assert named in refused.json()["error"]["message"]


def test_a_cross_origin_post_cannot_open_a_table() -> None:
    client = testclient.TestClient(web_table.create_app())
    asked = {"variant": "dog-kids", "players": 2}
    refused = client.post("/table/new", json=asked, headers={"origin": "https://elsewhere.test"})
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "forbidden_origin"
    same = client.post("/table/new", json=asked, headers={"origin": "http://testserver"})
    assert same.status_code == 200


class _Waiting:
    """A plug-in bot that holds its worker until ``release`` is set, then breaks its contract."""

    name = "waiting"

    def __init__(self, started: threading.Event, release: threading.Event) -> None:
        self.started, self.release = started, release

    def observe(self, seen: object) -> None:
        """Sees nothing."""

    def choose(self, turn: object) -> object:
        self.started.set()
        self.release.wait(30)
        return "not an action"


def test_a_tables_bot_and_the_protocol_share_one_bound_on_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(table_service, "make_bot", lambda name, seed: _Waiting(started, release))
    bounds = http_bounds.Bounds(time_budget=0.3, workers=1)
    app = web_table.create_app(bounds=bounds)
    statuses: dict[str, Any] = {}
    bots_first = {"variant": "dog-kids", "players": 2, "people": [1]}

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with (
            httpx.AsyncClient(transport=transport, base_url="http://testserver") as client,
            anyio.create_task_group() as tasks,
        ):

            async def held() -> None:
                statuses["held"] = (await client.post("/table/new", json=bots_first)).status_code

            tasks.start_soon(held)
            await anyio.to_thread.run_sync(started.wait)
            heavy = await client.post("/api/legal_actions", json={})
            statuses["api"] = heavy.status_code, heavy.json()["error"]["code"]
            table = await client.post("/table/new", json={"variant": "dog-kids", "players": 2})
            statuses["table"] = table.status_code, table.headers.get("retry-after")
            release.set()

    run_apart(scenario)
    # the bot held the only worker past the budget; when it answered, the table stopped
    assert statuses == {"api": (503, "busy"), "table": (503, "1"), "held": 503}


def test_event_streams_beyond_the_bound_are_refused_and_an_ended_one_frees_its_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(table_http, "STREAM_SECONDS", 0.0)  # a stream that ends at once
    tables = Tables()
    streams = table_http.Streams(per_table=1, limit=2)
    client = testclient.TestClient(web_table.create_app(tables=tables, streams=streams))
    first = tables.open(TableSettings("dog-kids", players=2, seed=1)).table
    second = tables.open(TableSettings("dog-kids", players=2, seed=2)).table
    third = tables.open(TableSettings("dog-kids", players=2, seed=3)).table
    assert client.get(f"/table/{first}/events").status_code == 200
    assert streams.count() == 0, "a stream that ended gives its place back"
    assert streams.admit(first) is None
    refused = client.get(f"/table/{first}/events")
    assert refused.status_code == 503 and "at this table" in refused.json()["error"]["message"]
    assert streams.admit(second) is None
    refused = client.get(f"/table/{third}/events")
    assert refused.status_code == 503 and "on this server" in refused.json()["error"]["message"]
    streams.release(first)
    assert client.get(f"/table/{first}/events").status_code == 200


def test_the_rulebook_folder_is_written_once_and_removed_with_the_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table_book = needed("dogrules.app.table_book")
    written: list[str] = []

    def write_book(folder: Any) -> None:
        written.append(str(folder))
        (folder / "index.html").write_text("<p>book</p>", encoding="utf-8")

    monkeypatch.setattr(table_book, "write_book", write_book)
    book = table_book._Book()
    folder = book.folder()
    assert book.folder() == folder and written == [str(folder)]
    assert (folder / "index.html").is_file()
    del book
    assert not folder.exists()


def test_a_rulebook_that_fails_to_write_leaves_no_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    table_book = needed("dogrules.app.table_book")
    made: list[Any] = []

    def write_book(folder: Any) -> None:
        made.append(folder)
        raise OSError("disk full")

    monkeypatch.setattr(table_book, "write_book", write_book)
    with pytest.raises(OSError, match="disk full"):
        table_book._Book().folder()
    assert made and not made[0].exists()
