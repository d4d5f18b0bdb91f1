"""Issue 14: the transcript of docs/protocol.md is what the server answers. Each ``>`` line
is sent to a stdio server in process, each ``<`` line compared with the answer, where
``"..."`` stands for any value (``"...": "..."`` for an object's other keys, a last list item
``"..."`` for the rest of the list) and a session id is a name the server's id replaces."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from dogrules.protocol import Context, encode, handle_text

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
ELIDED = "..."


def transcript() -> list[tuple[str, str]]:
    """The (request line, answer line) pairs of the document's transcript."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## A session, as a transcript", 1)[1]
    block = re.search(r"```text\n(.*?)```", section, re.DOTALL)
    assert block, "docs/protocol.md: the transcript's ```text block is missing"
    lines = block.group(1).splitlines()
    requests = [line[2:] for line in lines if line.startswith("> ")]
    answers = [line[2:] for line in lines if line.startswith("< ")]
    assert len(requests) == len(answers) == len(lines) // 2, "one answer per request"
    return list(zip(requests, answers, strict=True))


def match(expected: Any, actual: Any, where: str, names: dict[str, str]) -> None:
    """Assert that ``actual`` is what ``expected`` describes (see the module's docstring)."""
    if expected == ELIDED:
        return
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r:.80}"
        keys = [key for key in expected if key != ELIDED]
        if expected.get(ELIDED) != ELIDED:
            assert sorted(actual) == sorted(keys), f"{where}: keys {sorted(actual)}"
        for key in keys:
            assert key in actual, f"{where}.{key}: missing"
            if key == "session" and isinstance(expected[key], str):
                actual_name = names.setdefault(expected[key], actual[key])
                assert actual[key] == actual_name, f"{where}.session: {actual[key]!r}"
                continue
            match(expected[key], actual[key], f"{where}.{key}", names)
        return
    if isinstance(expected, list):
        assert isinstance(actual, list), f"{where}: expected a list, got {actual!r:.80}"
        open_ended = bool(expected) and expected[-1] == ELIDED
        items = expected[:-1] if open_ended else expected
        if open_ended:
            assert len(actual) >= len(items), f"{where}: only {len(actual)} items"
        else:
            assert len(actual) == len(items), f"{where}: {len(actual)} items, not {len(items)}"
        for index, item in enumerate(items):
            match(item, actual[index], f"{where}[{index}]", names)
        return
    assert expected == actual, f"{where}: expected {expected!r:.120}, got {actual!r:.120}"


def named(line: str, names: dict[str, str]) -> str:
    """The request line with each session name replaced by the server's id."""
    try:
        request = json.loads(line)
    except ValueError:
        return line
    if isinstance(request, dict) and request.get("session") in names:
        request["session"] = names[request["session"]]
    return json.dumps(request)


def test_the_documented_transcript_is_what_the_server_answers() -> None:
    context = Context()
    names: dict[str, str] = {}
    pairs = transcript()
    assert len(pairs) >= 10
    for number, (request, answer) in enumerate(pairs, 1):
        got = json.loads(encode(handle_text(named(request, names), context)))
        match(json.loads(answer), got, f"answer {number}", names)


def test_the_matcher_fails_on_a_difference() -> None:
    names: dict[str, str] = {}
    match({"a": [1, ELIDED], ELIDED: ELIDED}, {"a": [1, 2, 3], "b": 4}, "x", names)
    for expected, actual in [({"a": 1}, {"a": 2}), ({"a": 1}, {"a": 1, "b": 2}), ([1], [1, 2])]:
        try:
            match(expected, actual, "x", names)
        except AssertionError:
            continue
        raise AssertionError(f"{expected} matched {actual}")
