"""Issue 14, the web table's page and bots: the routes ``dogrules serve --http`` adds for
the table (``GET /table/bots``, the page's static files at ``/``), with the Starlette test
client; the protocol's own ``bot`` operation replaced the page's ``POST /table/bot``. The
browser itself is tests/test_web_table.py's, the tables' routes tests/test_table_http.py's."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest

from dogrules.app import table_bot
from dogrules.app.bots import BUILT_IN
from dogrules.app.plugins import bot_names
from dogrules.protocol import Context, Sessions
from serving import needed

# ---------------------------------------------------------------------------------------------
# Over HTTP: needs the extra serve (Starlette); skipped without it, except in CI.
# ---------------------------------------------------------------------------------------------


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


def test_the_bots_a_table_may_seat_are_listed_built_in_first(client: Any) -> None:
    listed = client.get("/table/bots").json()
    assert listed == {"bots": bot_names(), "default": "greedy"}
    assert listed["bots"][: len(BUILT_IN)] == list(BUILT_IN)
    # A bot is no longer played through the table's own route: the protocol's bot does it.
    assert client.post("/table/bot", content=b"{}").status_code in (404, 405)


def test_the_module_s_docstring_example_runs() -> None:
    result = doctest.testmod(table_bot, raise_on_error=False)
    assert result.attempted > 0 and result.failed == 0
