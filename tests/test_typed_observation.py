"""The typed observation (Variant.observation) beside the JSON one, and the core library's
freedom from the RL packages (they come with the optional extra dogrules[rl] only)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dogrules
from dogrules.model.observation import Observation
from test_observation import VARIANTS, hidden_from, reached

RL_PACKAGES = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")


@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    data=st.data(),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
)
def test_the_typed_observation_says_what_the_json_view_says(
    variant: str, data: st.DataObject, seed: int, steps: int
) -> None:
    players = data.draw(st.sampled_from(VARIANTS[variant]))
    state = reached(variant, players, seed, steps)
    seat = data.draw(st.integers(0, players - 1))
    v = dogrules.variant(variant)
    board = v.board(players)
    view = v.observe(state, seat)
    seen = v.observation(state, seat)
    assert isinstance(seen, Observation)
    assert (seen.variant, seen.players, seen.seat, seen.phase) == (
        view["variant"],
        view["players"],
        view["seat"],
        view["phase"],
    )
    assert list(seen.hand) == view["hand"]
    assert {str(s): n for s, n in enumerate(seen.hand_sizes)} == view["hand_sizes"]
    assert view["pieces"] == {
        str(s): [board.label(loc) for loc in locations] for s, locations in enumerate(seen.pieces)
    }
    assert [board.label(loc) for loc in seen.flipped] == view["flipped"]
    assert view["exchange"] == {
        str(s): (seen.own_exchange if s == seat else "hidden") if aside else None
        for s, aside in enumerate(seen.setting_aside)
    }
    assert (seen.redrawn, seen.exchanging, seen.resume, seen.shuffles) == (
        state.redrawn,
        state.exchanging,
        state.resume,
        state.shuffles,
    )


@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    data=st.data(),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
)
def test_what_a_seat_may_not_see_never_changes_its_typed_observation(
    variant: str, data: st.DataObject, seed: int, steps: int
) -> None:
    players = data.draw(st.sampled_from(VARIANTS[variant]))
    state = reached(variant, players, seed, steps)
    seat = data.draw(st.integers(0, players - 1))
    other = hidden_from(state, seat, random.Random(seed))._replace(seed=seed + 1)
    v = dogrules.variant(variant)
    assert v.observation(other, seat) == v.observation(state, seat)


def test_a_seat_not_in_the_game_is_refused() -> None:
    v = dogrules.variant("dog-kids")
    with pytest.raises(ValueError, match="not in this game"):
        v.observation(v.new_game(players=2), 2)


def test_importing_dogrules_imports_no_rl_package() -> None:
    # Every command of the command line too (each imported when it runs: see dogrules.app.cli).
    code = (
        "import sys, click, dogrules\n"
        "from dogrules.app.cli import main\n"
        "context = click.Context(main)\n"
        "assert all(main.get_command(context, n) for n in main.list_commands(context))\n"
        f"print(','.join(m for m in {RL_PACKAGES!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "", f"the core imported {done.stdout.strip()}"
