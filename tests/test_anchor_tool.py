"""tools/anchor.py, which writes the register's locators: it computes a passage from a
manual and rewrites only the locator tables of the clause it is given, leaving every other
line of the hand-written TOML file as it was.

The manual here is a made-up text under a made-up seed number, so the test never needs (or
copies) the real manuals.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from dogrules.data.manuals import OUTLINES, Outline, fingerprint
from tool_files import load_tool

ROOT = Path(__file__).resolve().parents[1]
TEXT = "Title\n\nRules\n\nOne thing. Another thing!\nA list item\n\nSecond paragraph here.\n"


@pytest.fixture
def tool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The tool, editing a copy of specs/ and reading seed 900 from a made-up manual."""
    module = load_tool("anchor.py", "anchor_tool")
    shutil.copytree(ROOT / "specs", tmp_path / "specs")
    (tmp_path / "manuals").mkdir()
    (tmp_path / "manuals" / "900_made_up.txt").write_text(TEXT, encoding="utf-8")
    monkeypatch.setattr(module, "SPECS", tmp_path / "specs")
    monkeypatch.setitem(OUTLINES, "900", Outline("900", ("Rules",)))
    monkeypatch.setenv("DOGRULES_MANUALS", str(tmp_path / "manuals"))
    return module


def passages_of(path: Path, clause_id: str) -> list[dict[str, object]]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for table in (*data.get("clause", []), *data.get("datum", [])):
        if table["id"] == clause_id:
            return list(table.get("passage", []))
    raise AssertionError(clause_id)


def test_set_writes_the_sentence_range_with_offset_length_and_digest(tool: ModuleType) -> None:
    assert tool.main(["set", "BD-DECK", "900:Rules#1.2-3"]) == 0
    words = "Another thing!\nA list item"
    start = TEXT.index(words)
    assert passages_of(tool.SPECS / "clauses" / "black-dog.toml", "BD-DECK") == [
        {
            "document": "900",
            "section": "Rules",
            "paragraph": 1,
            "offset": start,
            "length": len(words),
            "digest": fingerprint(words),
        }
    ]


def test_set_and_add_change_only_the_clauses_locator_lines(tool: ModuleType) -> None:
    path = tool.SPECS / "clauses" / "black-dog.toml"
    before = path.read_text(encoding="utf-8").splitlines()
    tool.main(["set", "BD-DECK", "900:Rules#2"])
    tool.main(["add", "BD-DECK", "900:Rules#1/One..thing."])
    after = path.read_text(encoding="utf-8").splitlines()
    removed = [line for line in before if line not in after]
    assert all(
        line.split(" = ")[0] in ("paragraph", "offset", "length", "digest") for line in removed
    ), removed
    locators = passages_of(path, "BD-DECK")
    assert [(p["paragraph"], p["length"]) for p in locators] == [(2, 22), (1, len("One thing."))]
    others = [
        (table["id"], table.get("passage"))
        for table in tomllib.loads(path.read_text(encoding="utf-8"))["clause"]
        if table["id"] != "BD-DECK"
    ]
    original = tomllib.loads((ROOT / "specs" / "clauses" / "black-dog.toml").read_text("utf-8"))
    assert others == [
        (t["id"], t.get("passage")) for t in original["clause"] if t["id"] != "BD-DECK"
    ]


def test_setting_the_same_locators_again_leaves_the_file_byte_for_byte(tool: ModuleType) -> None:
    path = tool.SPECS / "layouts" / "agent-dog.toml"
    tool.main(["set", "AD-L-MEETINGS", "900:Rules#1.1", "900:Rules#2"])
    written = path.read_bytes()
    tool.main(["set", "AD-L-MEETINGS", "900:Rules#1.1", "900:Rules#2"])
    assert path.read_bytes() == written
    assert len(passages_of(path, "AD-L-MEETINGS")) == 2


@pytest.mark.parametrize(
    ("locator", "message"),
    [
        ("900:Rules", "is not DOC:SECTION#PARAGRAPH"),
        ("900:Rules#3", "has 2 paragraph(s)"),
        ("900:Rules#1.4", "has 3 sentence(s)"),
        ("900:Nowhere#1", "no heading 'Nowhere'"),
        ("900:Rules#1/Missing..thing", "'Missing' is not in the paragraph"),
    ],
)
def test_a_bad_locator_stops_the_tool_with_a_message_and_writes_nothing(
    tool: ModuleType, locator: str, message: str
) -> None:
    path = tool.SPECS / "clauses" / "black-dog.toml"
    before = path.read_bytes()
    with pytest.raises(SystemExit, match=re.escape(message)):
        tool.main(["set", "BD-DECK", locator])
    assert path.read_bytes() == before
