"""Issue 9: the command line never shows a traceback. Each row of TABLE is a bad invocation;
each must end with its documented exit code (2: bad input or usage; 1: a negative verdict),
exactly one non-empty line on standard error, and no traceback anywhere."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import dogrules
from dogrules.app.cli import main
from dogrules.formats.records import record_digest
from dogrules.formats.replay import record_game
from dogrules.model.jsonvalue import JSONValue

BD = dogrules.variant("black-dog")
HUGE = "9" * 5000


def good_position() -> dict[str, JSONValue]:
    state = BD.position(
        players=4,
        pieces={
            0: ["T5", "H", "H", "H"],
            1: ["T16", "H", "H", "H"],
            2: ["T32", "H", "H", "H"],
            3: ["T48", "H", "H", "H"],
        },
        hands={0: ["5", "13"]},
        black_dog="T24",
    )
    return dogrules.dump(state)


def changed(path: str, value: object) -> str:
    """The good position as JSON with the field at ``path`` (dotted) set to ``value``
    (or removed when ``value`` is DELETE)."""
    data = copy.deepcopy(good_position())
    *parents, last = path.split(".")
    node: object = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]  # type: ignore[index]
    if isinstance(node, list):
        node[int(last)] = value
    elif value is DELETE:
        del node[last]  # type: ignore[attr-defined]
    else:
        node[last] = value  # type: ignore[index]
    return json.dumps(data)


DELETE = object()


def at(name: str) -> str:
    """The table's placeholder for the path of the file ``name``."""
    return "{" + name + "}"


# Files built in tmp_path: name -> text (str) or bytes; "adir" is a directory.
POSITIONS: dict[str, str | bytes] = {
    "good.json": json.dumps(good_position()),
    "binary.json": b"\xff\xfe\x00\x81garbage\x00",
    "latin1.json": '{"variant": "caf\xe9"}'.encode("latin-1"),
    "empty.json": "",
    "notjson.json": "{ not json",
    "truncated.json": json.dumps(good_position())[:100],
    "deep_list.json": "[" * 100_000 + "]" * 100_000,
    "deep_object.json": '{"a":' * 5_000 + "1" + "}" * 5_000,
    "deep_open.json": "[" * 100_000,
    "huge_number.json": HUGE,
    "array.json": "[1, 2, 3]",
    "string.json": '"a position"',
    "null.json": "null",
    "number.json": "4",
    "players_huge.json": changed("players", 1).replace('"players": 1', f'"players": {HUGE}'),
    "to_act_huge.json": changed("to_act", 0).replace('"to_act": 0', f'"to_act": {HUGE}'),
    "float_huge.json": changed("round", 1).replace('"round": 1', '"round": 1e999'),
    "nan.json": changed("round", 1).replace('"round": 1', '"round": NaN'),
    "card_list.json": changed("hands.0.0", ["5"]),
    "card_dict.json": changed("hands.0.0", {"card": "5"}),
    "card_number.json": changed("hands.0.0", 5),
    "card_null.json": changed("hands.0.0", None),
    "card_unknown.json": changed("hands.0.0", "bogus"),
    "hands_list.json": changed("hands", [["5"]]),
    "hands_string.json": changed("hands", "5 13"),
    "hand_missing_seat.json": changed("hands.3", DELETE),
    "pieces_string.json": changed("pieces", "T5"),
    "piece_list.json": changed("pieces.0.3", ["T5"]),
    "piece_number.json": changed("pieces.0.3", 5),
    "piece_unknown.json": changed("pieces.0.3", "Z99"),
    "piece_seat_list.json": changed("pieces.0", {"T5": 1}),
    "deck_string.json": changed("deck", "all"),
    "deck_card_list.json": changed("deck.0", ["magnet"]),
    "discard_dict.json": changed("discard", {}),
    "exchange_list.json": changed("exchange", []),
    "exchange_card_list.json": changed("exchange.0", ["5"]),
    "variant_number.json": changed("variant", 7),
    "variant_list.json": changed("variant", ["black-dog"]),
    "variant_unknown.json": changed("variant", "cat"),
    "format_wrong.json": changed("format", 99),
    "format_string.json": changed("format", "1"),
    "players_string.json": changed("players", "4"),
    "players_zero.json": changed("players", 0),
    "players_seven.json": changed("players", 7),
    "players_negative.json": changed("players", -4),
    "players_bool.json": changed("players", True),
    "teams_string.json": changed("teams", "yes"),
    "phase_unknown.json": changed("phase", "lunch"),
    "phase_list.json": changed("phase", ["play"]),
    "to_act_far.json": changed("to_act", 40),
    "to_act_string.json": changed("to_act", "0"),
    "black_dog_list.json": changed("black_dog", ["T24"]),
    "black_dog_number.json": changed("black_dog", 24),
    "winner_dict.json": changed("winner", {"0": True}),
    "winner_far.json": changed("winner", [9]),
    "dealer_list.json": changed("dealer", [3]),
    "round_string.json": changed("round", "one"),
    "last_played_list.json": changed("last_played", ["5"]),
    "redrawn_string.json": changed("redrawn", "no"),
    "seed_list.json": changed("seed", [0]),
    "shuffles_dict.json": changed("shuffles", {}),
    "exchanging_string.json": changed("exchanging", "0"),
    "resume_string.json": changed("resume", "0"),
    "missing_key.json": changed("deck", DELETE),
    "extra_key.json": json.dumps({**good_position(), "colour": "red"}),
}
DATA: dict[str, str | bytes] = {
    "layout_broken.toml": "datum = 3",
    "layout_binary.toml": b"\xff\xfe\x00\x81",
    "layout_notoml.toml": "[[[",
    "deck_huge.toml": '[deck]\n"5" = 100000000000\n',
    "deck_hugedigits.toml": f'[deck]\n"5" = {"9" * 18}\n',
    "deck_zero.toml": '[deck]\n"5" = 0\n',
    "deck_negative.toml": '[deck]\n"5" = -3\n',
    "deck_float.toml": '[deck]\n"5" = 2.5\n',
    "deck_string.toml": '[deck]\n"5" = "four"\n',
    "deck_bool.toml": '[deck]\n"5" = true\n',
    "deck_list.toml": '[deck]\n"5" = [1, 2]\n',
    "deck_total.toml": "[deck]\n" + "".join(f'"{n}" = 2000\n' for n in range(2, 9)),
    "deck_bogus.toml": '[deck]\n"bogus" = 3\n',
    "deck_empty.toml": "[deck]\n",
    "deck_none.toml": "title = 'no deck'\n",
    "deck_not_table.toml": 'deck = "all"\n',
}

# (arguments, expected exit code); {name} is replaced by the path of the file of that name.
POSITION_ROWS = [(["moves", at(name)], 2) for name in POSITIONS if name != "good.json"] + [
    (["moves", "{adir}"], 2),
    (["moves", "{missing.json}"], 2),
]
EXPLAIN_ROWS = [
    (["explain", at(name), "5 T5-T10"], 2)
    for name in ("binary.json", "deep_list.json", "huge_number.json", "card_list.json")
] + [
    (["explain", "{adir}", "5 T5-T10"], 2),
    (["explain", "{good.json}", "13 T5-Q1"], 2),
    (["explain", "{good.json}", ""], 2),
    (["explain", "{good.json}", "x" * 10_000], 2),
    (["explain", "{good.json}", HUGE], 2),
    (["explain", "{good.json}", "5 T5-T" + HUGE], 2),
    (["explain", "{good.json}"], 2),
    (["explain", "{good.json}", "13 T5-T18"], 1),
]
RENDER_ROWS = [
    (["render", at(name), "--text"], 2)
    for name in ("latin1.json", "deep_object.json", "card_dict.json", "players_huge.json")
] + [
    (["render", "{good.json}", "-o", ""], 2),
    (["render", "{good.json}", "-o", "{adir}"], 2),
    (["render", "{good.json}", "-o", "/dev/null"], 2),
    (["render", "{good.json}", "-o", "{adir}/no/such/dir/board.svg"], 2),
    (["render", "{adir}", "-o", "{out.svg}"], 2),
    (["render", "{good.json}", "-o"], 2),
]
VALIDATE_ROWS = (
    [
        (["validate", at(name)], 2)
        for name in (
            "adir",
            "missing.json",
            "binary.json",
            "empty.json",
            "notjson.json",
            "deep_list.json",
            "deep_open.json",
            "huge_number.json",
            "players_huge.json",
        )
    ]
    + [
        (["validate", at(name)], 1)
        for name in ("card_list.json", "array.json", "null.json", "players_seven.json")
    ]
    + [
        (["validate", at(f"record_{name}.json")], 1)
        for name in ("digest", "actions", "header", "cut")
    ]
)
REPLAY_ROWS = [
    (["replay", at(name)], 2)
    for name in (
        "adir",
        "missing.json",
        "binary.json",
        "deep_list.json",
        "huge_number.json",
        "good.json",
        "record_header.json",
        "record_seed.json",
        "record_cut.json",
    )
] + [(["replay", at(f"record_{name}.json"), "--quiet"], 1) for name in ("digest", "actions")]
PLAY_ROWS = [
    (["play", "black-dog", *options], 2)
    for options in (
        ["--players", "0"],
        ["--players", "5"],
        ["--players", "7"],
        ["--players", "-1"],
        ["--players", HUGE],
        ["--players", "four"],
        ["--seed", HUGE],
        ["--seed", "-1"],
        ["--seed", "1.5"],
        ["--bots", "nobody"],
        ["--human", "9"],
        ["--human", HUGE],
        ["--record", ""],
        ["--record", "{adir}"],
        ["--record", "/dev/null"],
        ["--colour", "red"],
    )
] + [(["play", "chess"], 2), (["play"], 2), (["play", "dog-kids", "--players", "5"], 2)]
CHECK_ROWS = [
    (["check", "black-dog", "--examples", "1", "--steps", "1", *options], 2)
    for options in (
        ["-p", "0"],
        ["-p", "1"],
        ["-p", "5"],
        ["-p", "7"],
        ["-p", HUGE],
        ["--layout", "{adir}"],
        ["--layout", "{missing.toml}"],
        *(["--layout" if name.startswith("layout") else "--deck", at(name)] for name in DATA),
        ["--deck", "{adir}"],
        ["--deck", "{binary.json}"],
    )
] + [
    (["check", "black-dog", *options], 2)
    for options in (
        ["--examples", "0"],
        ["--examples", "-5"],
        ["--examples", HUGE],
        ["--examples", "10000000"],
        ["--steps", "0"],
        ["--steps", HUGE],
        ["--steps", "ten"],
    )
]
CLAUSES_ROWS = [
    (["clauses", "dog-kids", "--tests", at(name)], 2)
    for name in ("broken_tests", "binary_tests", "good.json")
] + [
    (["clauses", "cat"], 2),
    (["clauses", "agent-dog", "--manuals", "{adir}"], 2),
    (["clauses", "agent-dog", "--manuals", "{good.json}"], 2),
    (["clauses", "agent-dog", "--manuals", "{missing.json}"], 2),
    (["clauses", "dog-kids", "--manuals", "{binary_manuals}"], 2),
    (["clauses", "dog-kids", "--manuals", "{other_manuals}"], 2),
]
GROUP_ROWS = [
    (["nonsense"], 2),
    (["--nonsense"], 2),
    (["moves"], 2),
    (["moves", "{good.json}", "--colour"], 2),
]
TABLE = (
    POSITION_ROWS
    + EXPLAIN_ROWS
    + RENDER_ROWS
    + VALIDATE_ROWS
    + REPLAY_ROWS
    + PLAY_ROWS
    + CHECK_ROWS
    + CLAUSES_ROWS
    + GROUP_ROWS
)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding every bad (and one good) input file the table names."""
    root = tmp_path_factory.mktemp("bad-input")
    for name, content in {**POSITIONS, **DATA}.items():
        if isinstance(content, bytes):
            (root / name).write_bytes(content)
        else:
            (root / name).write_text(content, encoding="utf-8")
    (root / "adir").mkdir()
    for folder, text in (("broken_tests", "def test_(:\n"), ("binary_tests", b"\xff\xfe\x81")):
        (root / folder).mkdir()
        target = root / folder / "test_broken.py"
        target.write_bytes(text if isinstance(text, bytes) else text.encode())
    for folder, manual in (("binary_manuals", b"\xff\xfe\x81"), ("other_manuals", b"Hund " * 999)):
        (root / folder).mkdir()
        (root / folder / "003_manual.txt").write_bytes(manual)
    record = root / "record.json"
    result = CliRunner().invoke(
        main, ["play", "dog-kids", "--players", "2", "--seed", "4", "--record", str(record)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(record.read_text())
    head = data["header"]
    golden = record_game(
        "dog-kids", head["players"], head["seed"], head["teams"], data["actions"], steps=True
    )
    tampered = json.loads(json.dumps(golden))  # plain JSON data again, to edit freely
    tampered["steps"][3]["digest"] = "0" * 64
    tampered["digest"] = record_digest(tampered)  # changed as if written so: replay notices
    (root / "record_digest.json").write_text(json.dumps(tampered))
    tampered = copy.deepcopy(data)
    tampered["actions"][2] = "redraw redraw"
    tampered["digest"] = record_digest(tampered)
    (root / "record_actions.json").write_text(json.dumps(tampered))
    tampered = copy.deepcopy(data)
    del tampered["actions"][-3:]  # cut short: its own digest tells
    (root / "record_cut.json").write_text(json.dumps(tampered))
    tampered = copy.deepcopy(data)
    tampered["header"]["players"] = ["2"]
    (root / "record_header.json").write_text(json.dumps(tampered))
    text = json.dumps(data).replace('"seed": 4', f'"seed": {HUGE}')
    (root / "record_seed.json").write_text(text)
    return root


def invoke(files: Path, arguments: list[str]) -> Result:
    """Run ``dogrules ARGUMENTS`` with each ``{name}`` replaced by that file's path."""
    names = {path.name: str(path) for path in files.iterdir()}
    names |= {"missing.json": str(files / "missing.json"), "missing.toml": str(files / "m.toml")}
    names |= {"out.svg": str(files / "out.svg")}
    filled = []
    for argument in arguments:
        if argument.startswith("{") and "}" in argument:
            name, _, rest = argument[1:].partition("}")
            argument = names[name] + rest
        filled.append(argument)
    return CliRunner().invoke(main, filled)


def test_the_table_is_large() -> None:
    assert len(TABLE) >= 100


@pytest.mark.parametrize(("arguments", "code"), TABLE, ids=lambda v: str(v)[:60])
def test_bad_invocation(files: Path, arguments: list[str], code: int) -> None:
    result = invoke(files, arguments)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.output
    assert result.exit_code == code, result.output
    # bad input is one line on stderr; a negative verdict says why, on either stream
    assert len(lines) == 1 if code == 2 else result.output.strip(), result.output
    assert all(len(line) < 400 for line in lines)
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_output_dash_writes_the_picture_to_standard_output(files: Path) -> None:
    result = invoke(files, ["render", "{good.json}", "-o", "-"])
    assert result.exit_code == 0 and "<svg" in result.stdout and not result.stderr


def test_record_dash_writes_the_record_to_standard_output() -> None:
    arguments = ["play", "dog-kids", "--players", "2", "--seed", "4", "--record", "-"]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0 and '"format": "dogrules-record"' in result.stdout


def test_output_through_a_symlink_is_refused_and_its_target_left_alone(
    files: Path, tmp_path: Path
) -> None:
    """Issue 33: a link the program did not make may point anywhere; it never writes
    through one (nor replaces it)."""
    target = tmp_path / "real.svg"
    target.write_text("old")
    link = tmp_path / "link.svg"
    link.symlink_to(target)
    result = invoke(files, ["render", "{good.json}", "-o", str(link)])
    assert result.exit_code == 2 and "symbolic link" in result.stderr, result.output
    assert link.is_symlink() and target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.svg", "real.svg"]


def test_output_replaces_a_regular_file_keeping_its_mode(files: Path, tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    target.write_text("old")
    os.chmod(target, 0o600)
    result = invoke(files, ["render", "{good.json}", "-o", str(target)])
    assert result.exit_code == 0 and "<svg" in target.read_text()
    assert target.stat().st_mode & 0o777 == 0o600


def test_a_directory_as_output_is_refused_and_left_alone(files: Path, tmp_path: Path) -> None:
    result = invoke(files, ["render", "{good.json}", "-o", str(tmp_path)])
    assert result.exit_code == 2 and "directory" in result.stderr and tmp_path.is_dir()


def test_an_unexpected_exception_is_one_internal_error_line(
    files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("dogrules.app.commands.files.text_board", broken)
    result = invoke(files, ["render", "{good.json}", "--text"])
    assert result.exit_code == 3 and "Traceback" not in result.output
    assert result.stderr == "internal error (please report): ZeroDivisionError: a bug\n"


def test_help_documents_the_exit_codes() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for code in ("0  success", "1  a negative verdict", "2  bad input", "3  internal error"):
        assert code in result.output
