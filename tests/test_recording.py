"""The recording harness (dogrules.testing.recording, with its positions and files, and
tools/record.py): a recording holds seeded random games position by position, and a change to
any listing, state or event in it is reported, naming the table, seed, ply and part; where
parts are written out a difference does not spread to the positions after it."""

from __future__ import annotations

import copy
from pathlib import Path
from types import ModuleType

import pytest

import dogrules
from dogrules.formats.states import dump
from dogrules.model.jsonvalue import JSONValue
from dogrules.testing.jsonlines import read_lines, write_lines
from dogrules.testing.positions import Table, random_game, tables
from dogrules.testing.recording import Recording, check, compare, games_digest, record
from tool_files import load_tool

ROOT = Path(__file__).resolve().parent.parent
KIDS = Table("dog-kids-2p", "dog-kids", 2, False)


Lines = list[dict[str, JSONValue]]


def recorded(detail: str, plies: int | None = 12) -> tuple[dict[str, JSONValue], Lines]:
    """The header and lines of a recording of DOG Kids' 2-player game of seed 3."""
    rows = list(record([(KIDS, [3])], plies, "full" if detail == "full" else "digests"))
    return rows[0], rows[1:]


def tool() -> ModuleType:
    return load_tool("record.py", "record_tool")


def test_a_recording_holds_the_seeded_random_games_position_by_position() -> None:
    head, lines = recorded("full", plies=None)
    v = dogrules.variant("dog-kids")
    states = [dump(state, v) for state in random_game(v, 2, 3)]
    assert [line["state"] for line in lines[:-1]] == states
    assert [line["next"] for line in lines[:-1]] == [*states[1:], lines[-1]["state"]]
    last = lines[-1]
    assert (last["legal"], last["chosen"], last["listing"], last["next"]) == (0, -1, [], None)
    assert not list(check(Recording(head, lines)))


@pytest.mark.parametrize("part", ["state", "listing", "next", "events"])
def test_a_changed_digest_of_any_part_is_reported_at_its_position(part: str) -> None:
    head, lines = recorded("digests")
    changed = copy.deepcopy(lines)
    changed[5][part] = "0" * 8
    differences = list(check(Recording(head, changed)))
    # The game is replayed: it stops at its first difference.
    assert differences == [f"dog-kids-2p seed 3 ply 5: {'next state' if part == 'next' else part}"]


def test_a_changed_event_written_out_is_reported_there_and_nowhere_else() -> None:
    head, lines = recorded("full")
    changed = copy.deepcopy(lines)
    line = next(line for line in changed if line["events"])
    events = line["events"]
    assert isinstance(events, list) and isinstance(events[0], dict)
    events[0]["text"] = "something else happened"
    assert list(check(Recording(head, changed))) == [
        f"dog-kids-2p seed 3 ply {line['ply']}: events"
    ]


def test_a_changed_listing_shows_the_count_and_the_entry_that_differs() -> None:
    head, lines = recorded("full")
    changed = copy.deepcopy(lines)
    listing = changed[4]["listing"]
    assert isinstance(listing, list) and len(listing) > 1
    del listing[1]
    assert list(check(Recording(head, changed))) == ["dog-kids-2p seed 3 ply 4: listing"]
    assert list(compare(Recording(head, lines), Recording(head, changed))) == [
        f"dog-kids-2p seed 3 ply 4: listing ({len(listing) + 1} -> {len(listing)} entries, "
        "first difference at 1)"
    ]


def test_diff_names_the_keys_of_a_state_that_differ_and_reads_digests_against_full() -> None:
    head, lines = recorded("full")
    changed = copy.deepcopy(lines)
    state = changed[2]["next"]
    assert isinstance(state, dict)
    state["to_act"] = 1 - int(str(state["to_act"]))
    assert list(compare(Recording(head, lines), Recording(head, changed))) == [
        "dog-kids-2p seed 3 ply 2: next differs in to_act"
    ]
    assert not list(compare(Recording(head, lines), Recording(*recorded("digests"))))
    assert list(compare(Recording(head, lines), Recording(head, lines[:-1]))) == [
        "the recordings part: dog-kids-2p seed 3 ply 11 in the first, nothing in the second"
    ]


def test_the_games_digest_tells_games_apart() -> None:
    assert games_digest(KIDS, [3], 20) == games_digest(KIDS, [3], 20)
    assert games_digest(KIDS, [3], 20) != games_digest(KIDS, [4], 20)
    assert games_digest(KIDS, [3], 20) != games_digest(KIDS, [3], 21)


def test_every_form_of_every_variant_is_a_table() -> None:
    names = [table.name for table in tables()]
    assert len(names) == len(set(names)) == 10
    assert {"black-dog-4p", "agent-dog-3p", "dog-kids-4p-teams"} <= set(names)


def test_the_tool_records_checks_and_exits_1_on_a_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record_tool = tool()
    path = tmp_path / "kids.jsonl.gz"
    assert record_tool.main(["record", str(path), "--table", "dog-kids-2p", "--plies", "6"]) == 0
    assert record_tool.main(["check", str(path)]) == 0
    rows = read_lines(path)
    rows[3]["action"] = "blue T0-T99"
    write_lines(path, rows)
    assert record_tool.main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "DIFFERENT dog-kids-2p seed 1 ply 2: action 'blue T0-T99' -> " in out


def test_the_tool_runs_another_trees_engine_with_this_harness(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record_tool = tool()
    path = tmp_path / "kids.jsonl.gz"
    made = ["--engine", str(ROOT / "src"), "record", str(path), "--table", "dog-kids-2p"]
    assert record_tool.main([*made, "--plies", "4"]) == 0
    assert len(read_lines(path)) == 5
    assert record_tool.main(["check", str(path)]) == 0


def test_the_tool_exits_2_with_one_line_on_a_file_that_is_no_recording(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "not.jsonl.gz"
    path.write_bytes(b"not gzip")
    with pytest.raises(SystemExit) as exited:
        tool().main(["check", str(path)])
    assert exited.value.code == 2
    assert capsys.readouterr().err.startswith(f"record.py: {path}: cannot be read as gzip")
