"""Issue 36: house rules on every surface. A house-rules file (TOML, a ``[rulings]`` table)
changes what the command line lists, judges, plays, checks, serves and writes; a record
carries its house rules so that its replay is exact; a bad file is one line and exit 2;
without a file nothing changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import find

import dogrules
from dogrules.app.book.build import write_book
from dogrules.app.book.pages import ClauseLinks, Entry, clause_section
from dogrules.app.cli import main
from dogrules.conformance.vectors import Form, house_forms
from dogrules.formats.files import FileProblem
from dogrules.formats.history import Game
from dogrules.formats.house_rules import read_house_rules
from dogrules.formats.records import Record, RecordError, record_digest
from dogrules.formats.replay import record_game, verify
from dogrules.protocol import Context, encode, handle
from dogrules.protocol.schemas import messages
from dogrules.testing.checking import house_rules_of

BD = dogrules.variant("black-dog")
KD = dogrules.variant("dog-kids")
STRICT = {"R-C4": "strict"}
COMPULSORY = {"R-K9": "compulsory"}


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def rules_file(folder: Path, text: str, name: str = "house.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def strict(tmp_path: Path) -> Path:
    return rules_file(tmp_path, 'variant = "black-dog"\n\n[rulings]\n"R-C4" = "strict"\n')


@pytest.fixture
def compulsory(tmp_path: Path) -> Path:
    return rules_file(
        tmp_path, 'variant = "dog-kids"\n[rulings]\n"R-K9" = "compulsory"\n', "k.toml"
    )


@pytest.fixture
def foreign_start(tmp_path: Path) -> Path:
    """Seat 3 to act, 5 from T14 would pass T16, seat 1's start field, where a piece of
    seat 0 stands: an ordinary piece by the reference reading of R-C4, a block by the strict
    one."""
    state = BD.position(
        players=4,
        pieces={
            0: ["T16", "H", "H", "H"],
            1: ["H", "H", "H", "H"],
            2: ["H", "H", "H", "H"],
            3: ["T14", "T12", "H", "H"],
        },
        hands={3: ["5", "4", "swap"]},
        to_act=3,
        black_dog="T40",
    )
    path = tmp_path / "position.json"
    path.write_text(json.dumps(dogrules.dump(state)), encoding="utf-8")
    return path


# --- the file ------------------------------------------------------------------------------


@pytest.mark.clause("R-C4")
def test_R_C4_a_house_rules_file_reads_into_the_house_rules_of_its_variant(strict: Path) -> None:
    rules = read_house_rules(strict)
    assert rules == dogrules.variant("black-dog", rulings=STRICT).house_rules
    assert dict(rules) == STRICT
    assert read_house_rules(strict, "black-dog") == rules


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('[rulings]\n"R-C99" = "strict"\n', ["R-C99", "R-C4"]),
        ('[rulings]\n"R-C4" = "loose"\n', ["R-C4", "loose", "strict", "own-colour"]),
        ('variant = "dog-kids"\n[rulings]\n"R-K9" = "compulsory"\n', ["dog-kids", "black-dog"]),
        ('[rulings\n"R-C4" = "strict"\n', ["not a TOML file"]),
        ('"R-C4" = "strict"\n', ["unknown key", "R-C4"]),
        ('variant = "black-dog"\n', ["[rulings]"]),
        ('[rulings]\n"R-C4" = 4\n', ["rulings.R-C4", "reading name"]),
    ],
    ids=[
        "unknown id",
        "unknown reading",
        "wrong variant",
        "not TOML",
        "no table",
        "no rulings",
        "not a name",
    ],
)
def test_a_bad_house_rules_file_is_one_line_naming_the_file_and_exit_2(
    tmp_path: Path,
    foreign_start: Path,
    text: str,
    named: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: the command line cuts very long words
    path = rules_file(Path("."), text)
    with pytest.raises(FileProblem) as caught:
        read_house_rules(path, "black-dog")
    assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value)
    for command in (
        ["moves", "position.json", "--rules", str(path)],
        ["explain", "position.json", "5 T14-T19", "--rules", str(path)],
        ["play", "black-dog", "--rules", str(path)],
        ["rulings", "black-dog", "--rules", str(path)],
    ):
        code, out = run(*command)
        assert code == 2, (command, out)
        assert out.count("\n") == 1 and out.startswith(f"error: {path}:"), out
        for word in named:
            assert word in out, (command, word, out)


def test_a_missing_or_unnamed_house_rules_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileProblem, match="no such file"):
        read_house_rules(tmp_path / "missing.toml", "black-dog")
    with pytest.raises(FileProblem, match="name the variant"):
        read_house_rules(rules_file(tmp_path, '[rulings]\n"R-C4" = "strict"\n'))
    code, out = run("serve", "--stdio", "--rules", str(rules_file(tmp_path, "[rulings]\n")))
    assert code == 2 and "name the variant" in out


# --- the command line ----------------------------------------------------------------------


@pytest.mark.clause("R-C4")
def test_R_C4_strict_a_piece_of_another_colour_on_a_start_field_blocks_in_moves(
    foreign_start: Path, strict: Path
) -> None:
    code, out = run("moves", str(foreign_start), "--json")
    reference = json.loads(out)
    assert code == 0 and "5 T14-T19" in reference["5"]
    code, out = run("moves", str(foreign_start), "--json", "--rules", str(strict))
    house = json.loads(out)
    assert code == 0 and "5 T14-T19" not in house.get("5", [])
    assert run("explain", str(foreign_start), "5 T14-T19")[0] == 0
    code, out = run("explain", str(foreign_start), "5 T14-T19", "--rules", str(strict))
    assert code == 1 and "R-C4" in out


@pytest.mark.clause("R-C4")
def test_R_C4_explain_compare_gives_the_verdict_under_each_reading(
    foreign_start: Path, strict: Path
) -> None:
    code, out = run("explain", str(foreign_start), "5 T14-T19", "--compare", "--json")
    compared = {(c["ruling"], c["reading"]): c for c in json.loads(out)["compare"]}
    assert code == 0
    reference, house = compared["R-C4", "own-colour"], compared["R-C4", "strict"]
    assert reference["legal"] and reference["default"] and reference["chosen"]
    assert not house["legal"] and not house["default"] and not house["chosen"]
    code, out = run("explain", str(foreign_start), "5 T14-T19", "--compare", "--rules", str(strict))
    assert code == 1 and "read by house rules: R-C4 (strict)" in out
    assert "R-C4 own-colour (reference): legal" in out
    assert "R-C4 strict (played): not legal" in out
    state = json.loads(foreign_start.read_text())
    request = {"id": 1, "op": "explain", "state": state, "action": "5 T14-T19", "compare": True}
    answer = ask(request, Context())
    assert [c for c in answer["compare"] if c["ruling"] == "R-C4"] == [reference, house]
    assert "readings" not in answer
    answer = ask({**request, "rulings": STRICT}, Context())
    assert answer["readings"] == STRICT and not answer["legal"]


@pytest.mark.clause("R-C4")
def test_R_C4_dogrules_rulings_lists_every_ruling_with_its_readings(strict: Path) -> None:
    code, out = run("rulings", "black-dog", "--json")
    rows = {row["id"]: row for row in json.loads(out)}
    assert code == 0
    rc4 = rows["R-C4"]
    names = [reading["name"] for reading in rc4["readings"]]
    assert names[0] == "own-colour" and "strict" in names and rc4["chosen"] == "own-colour"
    assert rc4["readings"][0]["default"] and all(r["rationale"] for r in rc4["readings"])
    assert all(row["readings"] or row["no_alternative"] for row in rows.values())
    code, out = run("rulings", "black-dog", "--json", "--rules", str(strict))
    assert {row["id"]: row for row in json.loads(out)}["R-C4"]["chosen"] == "strict"
    code, out = run("rulings", "black-dog", "--rules", str(strict))
    assert code == 0 and "* strict" in out and "  own-colour (reference)" in out


@pytest.mark.clause("R-K9")
def test_R_K9_check_and_simulate_run_by_a_house_rules_file(
    compulsory: Path, tmp_path: Path
) -> None:
    code, out = run(
        "check",
        "dog-kids",
        "-p",
        "4",
        "--examples",
        "1",
        "--steps",
        "5",
        "--rules",
        str(compulsory),
    )
    assert code == 0, out
    swept = ["check", "dog-kids", "-p", "4", "--examples", "2", "--steps", "20", "-j", "1", "-q"]
    code, out = run(*swept, "--rules", str(compulsory))
    assert code == 0 and "every invariant held in 2 games" in out, out
    folder = tmp_path / "sim"
    code, out = run(
        "simulate",
        "dog-kids",
        "-p",
        "4",
        "--teams",
        "-n",
        "1",
        "-j",
        "1",
        "-q",
        "--no-plots",
        "-o",
        str(folder),
        "--rules",
        str(compulsory),
    )
    assert code == 0, out
    report = json.loads((folder / "report.json").read_text())
    assert report["table"]["rulings"] == COMPULSORY


def test_check_explores_random_combinations_of_readings_or_the_chosen_ones() -> None:
    kids = find(house_rules_of(KD), lambda ruled: ruled.house_rules.reading("R-K9") is not None)
    assert kids == KD.with_house_rules(COMPULSORY)
    assert find(house_rules_of(KD), lambda ruled: True) == KD  # the reference first
    house = dogrules.variant("black-dog", rulings=STRICT)
    assert find(house_rules_of(house), lambda ruled: True) is house


# --- records -------------------------------------------------------------------------------


def first_difference(house: dogrules.Variant, limit: int = 400) -> list[str]:
    """The actions of a game by ``house`` (the first legal action each time) up to and with
    the first state whose listing differs from the reference one's."""
    reference = dogrules.variant(house.name)
    state = house.new_game(players=4, seed=5, teams=True)
    played: list[str] = []
    for _ in range(limit):
        listed = house.legal_actions(state)
        if listed != reference.legal_actions(state):
            return [*played, str(listed[0])]
        played.append(str(listed[0]))
        state = house.apply(state, listed[0]).state
    raise AssertionError(f"{house!r} lists as the reference for {limit} actions")


@pytest.mark.clause("R-K9")
def test_R_K9_a_record_carries_its_house_rules_and_replays_exactly() -> None:
    house = dogrules.variant("dog-kids", rulings=COMPULSORY)
    actions = first_difference(house)
    data = record_game("dog-kids", 4, 5, True, actions, steps=True, rulings=house.house_rules)
    header: dict[str, Any] = data["header"]  # type: ignore[assignment]
    assert header["rulings"] == COMPULSORY
    record = Record.from_json(data)
    assert record.rulings == (("R-K9", "compulsory"),)
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record
    verify(record)
    game = Game.from_record(record)
    assert game.variant == house and game.record(steps=True) == data
    del header["rulings"]
    with pytest.raises(RecordError, match="digest: does not match"):
        verify(data)
    # Written anew without its house rules, the record is whole but replays by the reference
    # readings, which part from it at a step.
    data["digest"] = record_digest(data)
    with pytest.raises(RecordError, match=r"step \d+"):
        verify(data)


@pytest.mark.clause("R-K9")
def test_R_K9_play_writes_and_replay_reads_the_house_rules(
    compulsory: Path, tmp_path: Path
) -> None:
    target = tmp_path / "game.json"
    code, out = run(
        "play",
        "dog-kids",
        "-p",
        "4",
        "--teams",
        "--bots",
        "random",
        "--record",
        str(target),
        "--rules",
        str(compulsory),
    )
    assert code in (0, 1), out
    written = json.loads(target.read_text())
    assert written["header"]["rulings"] == COMPULSORY
    code, out = run("replay", str(target), "--quiet")
    assert code == 0 and "all legal" in out
    code, out = run("replay", str(target))
    assert code == 0 and out.startswith("house rules: R-K9 (compulsory)\n")


def test_without_house_rules_records_and_forms_are_as_before() -> None:
    data = record_game("black-dog", 4, 1, None, [])
    assert "rulings" not in data["header"]  # type: ignore[operator]
    assert Form("black-dog", 4, True).name == "black-dog-4p-teams"
    forms = house_forms(dogrules.variant("black-dog", rulings=STRICT))
    assert [form.name for form in forms][-1] == "black-dog-4p-teams.R-C4-strict"
    header: dict[str, Any] = {**data["header"], "rulings": {"x": "y"}}  # type: ignore[dict-item]
    with pytest.raises(RecordError, match=r"header\.rulings"):
        Record.from_json({**data, "header": header})


# --- the protocol --------------------------------------------------------------------------


def ask(request: dict[str, Any], context: Context) -> dict[str, Any]:
    """The answer to ``request``, checked against its operation's answer schema."""
    answer = json.loads(encode(handle(request, context)))
    assert isinstance(answer, dict)
    shape = "error" if "error" in answer else f"{request['op']}.answer"
    assert messages(shape, answer) == [], answer
    return answer


@pytest.mark.clause("R-K9")
def test_R_K9_a_protocol_session_keeps_the_house_rules_of_its_game() -> None:
    context = Context()
    made = {"id": 1, "op": "new_game", "variant": "dog-kids", "players": 4, "teams": True}
    plain = ask({**made, "keep": True}, context)
    house = ask({**made, "keep": True, "rulings": COMPULSORY}, context)
    assert plain["state"] == house["state"]
    listed = [
        ask({"id": 2, "op": "legal_actions", "session": answer["session"]}, context)["actions"]
        for answer in (plain, house)
    ]
    state = dogrules.load(house["state"])
    assert len(listed[1]) == len(KD.with_house_rules(COMPULSORY).legal_actions(state))
    assert listed[0] != listed[1]
    sent = ask(
        {"id": 3, "op": "legal_actions", "state": house["state"], "rulings": COMPULSORY}, context
    )
    assert sent["actions"] == listed[1]
    refused = ask(
        {"id": 4, "op": "legal_actions", "session": house["session"], "rulings": COMPULSORY},
        context,
    )
    assert (
        refused["error"]["code"] == "invalid_request" and "rulings" in refused["error"]["message"]
    )
    wrong = ask({**made, "rulings": {"R-K9": "sometimes"}}, context)
    assert wrong["error"]["code"] == "invalid_request" and "compulsory" in wrong["error"]["message"]


@pytest.mark.clause("R-K9")
def test_R_K9_serve_plays_a_variant_by_its_house_rules_file(compulsory: Path) -> None:
    request = {"id": 1, "op": "new_game", "variant": "dog-kids", "players": 4, "teams": True}
    lines = json.dumps(request) + "\n"
    code, out = run("serve", "--stdio", "--rules", str(compulsory), stdin=lines)
    state = json.loads(out.splitlines()[0])["state"]
    asked = {"id": 2, "op": "legal_actions", "state": state}
    _, house = run("serve", "--stdio", "--rules", str(compulsory), stdin=json.dumps(asked) + "\n")
    _, plain = run("serve", "--stdio", stdin=json.dumps(asked) + "\n")
    assert code == 0 and json.loads(house)["actions"] != json.loads(plain)["actions"]


# --- the rulebook --------------------------------------------------------------------------


@pytest.mark.clause("R-C4")
def test_R_C4_the_rulebook_shows_each_reading_and_the_one_played() -> None:
    rc4 = next(clause for clause in BD.clauses if clause.id == "R-C4")
    link = ClauseLinks({}, "black-dog.html")
    plain = clause_section(Entry(rc4, (), (), None, (), ()), link)
    assert "own-colour" in plain and "strict" in plain and "(reference)" in plain
    assert "played here" not in plain
    played = clause_section(Entry(rc4, (), (), None, (), (), "strict"), link)
    assert "played here" in played


@pytest.mark.clause("R-K9")
def test_R_K9_the_rulebook_of_a_table_marks_the_reading_it_plays(tmp_path: Path) -> None:
    write_book(tmp_path, variants=("dog-kids",), house_rules={"dog-kids": COMPULSORY})
    page = (tmp_path / "dog-kids.html").read_text(encoding="utf-8")
    assert page.count("Readings a table may choose") == 1
    assert "<code>compulsory</code> <strong>played here</strong>" in page


# --- conformance vectors -------------------------------------------------------------------


@pytest.mark.clause("R-K9")
def test_R_K9_vectors_per_reading_set_are_written_and_checked_when_asked(
    compulsory: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "vectors"
    code, out = run("vectors", "export", str(folder), "--rules", str(compulsory))
    assert code == 0, out
    index = json.loads((folder / "index.json").read_text())
    assert {entry["variant"] for entry in index["files"]} == {"dog-kids"}
    assert all(entry["rulings"] == COMPULSORY for entry in index["files"])
    assert (folder / "dog-kids-4p-teams.R-K9-compulsory.jsonl.gz").is_file()
    assert run("vectors", "check", "--dir", str(folder), "--rules", str(compulsory))[0] == 0
    code, out = run("vectors", "export", "--update", "--rules", str(compulsory))
    assert code == 2 and "reference readings" in out


def test_commands_taking_several_house_rules_files_refuse_two_for_one_variant(
    strict: Path, tmp_path: Path
) -> None:
    other = rules_file(tmp_path, 'variant = "black-dog"\n[rulings]\n', "other.toml")
    for command in (["serve", "--stdio"], ["book", str(tmp_path / "book")]):
        code, out = run(*command, "--rules", str(strict), "--rules", str(other))
        assert code == 2 and "a second house-rules file for black-dog" in out, out
    assert not (tmp_path / "book").exists()
