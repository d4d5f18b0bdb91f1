"""The conformance vectors: the shipped ones are exactly what the engine works out today (a
rule change that alters them fails here, naming the command that regenerates them), the
export is deterministic, and they cover every card, phase and clause they should."""

from __future__ import annotations

import gzip
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import dogrules
from dogrules.app.cli import main
from dogrules.app.commands import vectors as vectors_command
from dogrules.conformance.adapter import sample_near_misses
from dogrules.conformance.perft import PERFT_DEPTH, divide, perft
from dogrules.conformance.store import (
    REGENERATE,
    Built,
    build,
    check_vectors,
    read_form,
    read_perft,
    shipped_dir,
    write,
)
from dogrules.conformance.vectors import UNSHOWN, VECTORS_VERSION, Form, all_forms, covered
from dogrules.testing.positions import random_game
from dogrules.variants import VARIANTS

# The tests share a pytest-xdist worker (tools/check.py: --dist loadgroup), so the vectors
# are worked out once (some seconds), not once a worker.
pytestmark = pytest.mark.xdist_group("vectors")


@pytest.fixture(scope="module")
def built() -> Built:
    return build()


def test_the_shipped_vectors_are_what_the_engine_works_out(built: Built) -> None:
    differences = check_vectors(built=built)
    assert not differences, (
        "the engine no longer gives the answers the shipped vectors record:\n"
        + "\n".join(differences)
        + f"\nif the rules changed on purpose, run `{REGENERATE}` and raise VECTORS_VERSION"
    )


def test_the_export_writes_the_shipped_bytes(built: Built, tmp_path: Path) -> None:
    written = write(built, tmp_path)
    for path in written:
        assert path.read_bytes() == (shipped_dir() / path.name).read_bytes(), path.name
    assert sorted(p.name for p in shipped_dir().iterdir()) == sorted(p.name for p in written)


def test_the_shipped_vectors_stay_small() -> None:
    size = sum(path.stat().st_size for path in shipped_dir().iterdir())
    assert size < 400_000, f"{size} bytes of vectors: keep them to a few hundred KB"


def test_a_changed_vector_is_reported_with_where_and_what(built: Built, tmp_path: Path) -> None:
    folder = tmp_path / "vectors"
    shutil.copytree(shipped_dir(), folder)
    form = Form("black-dog", 2, False)
    head, vectors = read_form(folder, form)
    vectors[2]["actions"] = vectors[2]["actions"][1:]  # type: ignore[index]
    lines = [json.dumps(row, sort_keys=True, separators=(",", ":")) for row in (head, *vectors)]
    (folder / "black-dog-2p.jsonl.gz").write_bytes(
        gzip.compress(("\n".join(lines) + "\n").encode())
    )
    differences = check_vectors(folder, built)
    assert len(differences) == 1, differences
    assert differences[0].startswith("black-dog-2p/0003: legal actions changed: no longer []")


def test_vectors_check_exits_0_on_the_shipped_vectors(
    built: Built, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The command works the vectors out afresh; here it reuses the module's (the same).
    monkeypatch.setattr(
        vectors_command, "check_vectors", lambda folder: check_vectors(folder, built)
    )
    result = CliRunner().invoke(main, ["vectors", "check"])
    assert result.exit_code == 0, result.output
    assert (
        f"vectors version {VECTORS_VERSION}: the engine gives every recorded answer"
        in result.output
    )


def test_vectors_check_names_the_command_that_regenerates_them(
    built: Built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        vectors_command, "check_vectors", lambda folder: check_vectors(folder, built)
    )
    folder = tmp_path / "vectors"
    shutil.copytree(shipped_dir(), folder)
    perft_rows = read_perft(folder)
    perft_rows[0]["perft"] = [0, 0, 0]
    (folder / "perft.json").write_text(json.dumps(perft_rows))
    result = CliRunner().invoke(main, ["vectors", "check", "--dir", str(folder)])
    assert result.exit_code == 1, result.output
    now = "now [12, 166, 943, 6865, 23074]"
    assert f"perft black-dog-2p/a: shipped [0, 0, 0], {now}" in result.output
    assert f"`{REGENERATE}`" in result.output


def test_every_form_has_its_file_with_a_versioned_header() -> None:
    for form in all_forms():
        head, vectors = read_form(shipped_dir(), form)
        assert head["version"] == VECTORS_VERSION and head["vectors"] == len(vectors), form
        assert [v["id"] for v in vectors][:2] == [f"{form.name}/0001", f"{form.name}/0002"]


@pytest.mark.parametrize("name", ["black-dog", "agent-dog", "dog-kids"])
def test_the_vectors_cover_every_card_phase_and_refusing_clause(name: str) -> None:
    v = dogrules.variant(name)
    vectors = [e for f in all_forms() if f.variant == name for e in read_form(shipped_dir(), f)[1]]
    found = covered(vectors, v.deck.notations)
    assert found["cards"] == set(v.deck.notations)
    phases = {"exchange", "play", "over"} | ({"setup"} if name == "black-dog" else set())
    assert found["phases"] == phases
    # Every clause a clause test's refusal cites decides some near miss of the vectors.
    tests = json.loads((shipped_dir().parent / "illustrations" / f"{name}.json").read_text())
    refusing = {c for entry in tests if entry["illegal"] for c in entry["illegal"]["clauses"]}
    assert refusing <= found["clauses"], sorted(refusing - found["clauses"])


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
    reason="judges every near miss of many random positions: HYPOTHESIS_PROFILE=thorough",
)
@pytest.mark.parametrize("name", ["black-dog", "agent-dog", "dog-kids"])
def test_no_clause_refusing_a_near_miss_in_other_games_is_missing(name: str) -> None:
    v = dogrules.variant(name)
    vectors = [e for f in all_forms() if f.variant == name for e in read_form(shipped_dir(), f)[1]]
    cited = covered(vectors, v.deck.notations)["clauses"]
    for form in (f for f in all_forms() if f.variant == name):
        for seed in range(10, 16):
            for ply, state in enumerate(random_game(v, form.players, seed, form.teams)):
                if ply % 7 == 0:
                    for action in sample_near_misses(v, state, None):
                        missing = set(v.explain(state, action).clauses) - cited
                        assert not missing, (form.name, seed, ply, str(action), missing)


def test_perft_counts_sequences_of_listed_actions() -> None:
    v = dogrules.variant("black-dog")
    rows = {row["id"]: row for row in read_perft(shipped_dir())}
    state = dogrules.load(rows["black-dog-2p/a"]["position"])  # type: ignore[arg-type]
    listed = v.legal_actions(state)
    assert perft(v, state, 1) == len(listed) == 12
    assert perft(v, state, 2) == sum(len(v.legal_actions(v.apply(state, a).state)) for a in listed)
    counts = rows["black-dog-2p/a"]["perft"]
    assert isinstance(counts, list) and counts[:3] == [12, 166, 943]


def test_perft_goes_to_depth_five_with_a_divide_at_every_depth() -> None:
    v = dogrules.variant("black-dog")
    for row in read_perft(shipped_dir()):
        counts, divides = row["perft"], row["divide"]
        assert isinstance(counts, list) and isinstance(divides, dict)
        assert len(counts) == PERFT_DEPTH >= 4, row["id"]
        for depth in range(2, PERFT_DEPTH + 1):
            below = divides[str(depth)]
            assert isinstance(below, dict)
            assert sum(int(str(n)) for n in below.values()) == counts[depth - 1]
    row = next(r for r in read_perft(shipped_dir()) if r["id"] == "black-dog-2p/a")
    state = dogrules.load(row["position"])  # type: ignore[arg-type]
    divides = row["divide"]
    assert isinstance(divides, dict) and divide(v, state, 3) == divides["3"]


@pytest.mark.parametrize("name", ["black-dog", "agent-dog", "dog-kids"])
def test_every_rule_clause_and_ruling_is_shown_deciding_by_some_vector(name: str) -> None:
    """A bug in any clause changes a vector's answer: each rule clause and ruling is what a
    vector's clause test is about, or cited by a listed action's events or a near miss's
    refusal; the few no position shows are named with the reason (UNSHOWN)."""
    v = dogrules.variant(name)
    vectors = [e for f in all_forms() if f.variant == name for e in read_form(shipped_dir(), f)[1]]
    shown = covered(vectors, v.deck.notations)["decided"]
    rules = {c.id for c in v.clauses if str(c.kind) != "assumption"}
    assert rules - shown <= set(UNSHOWN), sorted(rules - shown - set(UNSHOWN))


def test_every_clause_left_unshown_is_a_rule_clause_or_ruling_of_a_register() -> None:
    clauses = [c for name in VARIANTS for c in dogrules.variant(name).clauses]
    rules = {c.id for c in clauses if str(c.kind) != "assumption"}
    assert set(UNSHOWN) <= rules, sorted(set(UNSHOWN) - rules)


def test_each_listed_action_carries_its_events_clauses_and_the_winner_it_makes() -> None:
    over = 0
    for form in all_forms():
        for entry in read_form(shipped_dir(), form)[1]:
            state = dogrules.load(entry["position"])  # type: ignore[arg-type]
            v = dogrules.variant(state.variant)
            for listed in entry["actions"]:  # type: ignore[union-attr]
                assert isinstance(listed, dict) and isinstance(listed["events"], list)
                if "winner" in listed:
                    after = v.apply(state, v.parse_action(state, str(listed["action"]))).state
                    assert list(after.winner) == listed["winner"] and after.phase == "over"
                    over += 1
    assert over >= len(all_forms())  # every form's vectors end a game


def test_vectors_export_writes_a_folder_or_needs_update(
    built: Built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vectors_command, "build", lambda: built)
    result = CliRunner().invoke(main, ["vectors", "export", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert f"vectors version {VECTORS_VERSION}: 12 files" in result.output
    assert (
        "black-dog: 135 vectors; cards 19/19; phases exchange, over, play, setup" in result.output
    )
    assert "84 of 91 rule clauses and rulings shown deciding; not: BD-2P3P-PIECES" in result.output
    assert (tmp_path / "out" / "index.json").read_bytes() == (
        shipped_dir() / "index.json"
    ).read_bytes()
    neither = CliRunner().invoke(main, ["vectors", "export"])
    assert neither.exit_code == 2 and "give a FOLDER" in neither.output
