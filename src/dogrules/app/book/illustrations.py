"""Illustrations: positions the clause tests set up, kept as data so the rulebook can draw
them without the tests.

One :class:`Illustration` is a position, the card in question, every legal action of that
card (the engine's answer), and optionally the action a test played there or the illegal
action it asked about with the engine's verdict. The test suite records them
(``pytest --record-illustrations``, see ``tests/illustrations.py``) into
``specs/illustrations/VARIANT.json``, shipped with the package; ``tests/test_illustrations.py``
checks that the engine still gives every recorded answer (:func:`illustrate` again).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import attrs

from dogrules.data.specs import read_text
from dogrules.formats.states import dump, load
from dogrules.model.actions import ActionKind
from dogrules.model.state import State
from dogrules.variants import variant as get_variant


@attrs.frozen
class Verdict:
    """The engine's answer to an illegal action: its explanation and the clauses it cites."""

    action: str
    text: str
    clauses: tuple[str, ...]


@attrs.frozen
class Illustration:
    """A position a clause test set up, with the legal moves of one card drawn on it.

    ``clauses`` are the ids the test cites, ``test`` is ``file::function``. ``card`` is
    the card in question (None: every card of the hand to act); ``legal`` lists the legal
    actions of that card as written by the engine, ``played`` the one the test played,
    ``illegal`` the refused action the test asked about.
    """

    test: str
    clauses: tuple[str, ...]
    position: State
    card: str | None
    legal: tuple[str, ...]
    played: str | None = None
    illegal: Verdict | None = None

    @property
    def variant(self) -> str:
        return self.position.variant


def illustrate(
    test: str,
    clauses: Sequence[str],
    position: State,
    *,
    played: str | None = None,
    illegal: str | None = None,
) -> Illustration:
    """The illustration of ``position``, with the engine's legal actions and verdict.

    The card in question is that of ``illegal`` or ``played`` if given, else the only card
    of the hand to act, else None (every card)."""
    variant = get_variant(position.variant)
    asked = illegal if illegal is not None else played
    card = None
    if asked is not None:
        card = variant.parse_action(position, asked).card
    elif position.to_act < len(position.hands) and len(set(position.hands[position.to_act])) == 1:
        card = position.hands[position.to_act][0]
    legal = tuple(
        str(action)
        for action in variant.legal_actions(position)
        if action.kind is ActionKind.PLAY and (card is None or action.card == card)
    )
    verdict = None
    if illegal is not None:
        ruling = variant.explain(position, variant.parse_action(position, illegal))
        if ruling.legal:
            raise ValueError(f"{test}: {illegal} is legal, not an illegal action to explain")
        verdict = Verdict(illegal, ruling.text, ruling.clauses)
    return Illustration(test, tuple(clauses), position, card, legal, played, verdict)


def again(illustration: Illustration) -> Illustration:
    """The same illustration worked out by today's engine (for the up-to-date check)."""
    return illustrate(
        illustration.test,
        illustration.clauses,
        illustration.position,
        played=illustration.played,
        illegal=illustration.illegal.action if illustration.illegal else None,
    )


def to_json(illustration: Illustration) -> dict[str, object]:
    """The illustration as plain JSON data (the position as ``dogrules.dump`` writes it)."""
    verdict = illustration.illegal
    return {
        "test": illustration.test,
        "clauses": list(illustration.clauses),
        "position": dump(illustration.position),
        "card": illustration.card,
        "legal": list(illustration.legal),
        "played": illustration.played,
        "illegal": None
        if verdict is None
        else {"action": verdict.action, "text": verdict.text, "clauses": list(verdict.clauses)},
    }


def _strings(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"{where}: expected a list of strings")
    return tuple(value)


def _optional_string(value: object, where: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"{where}: expected a string or null")
    return value


def from_json(data: object, where: str) -> Illustration:
    """The illustration ``data`` describes; ValueError naming ``where`` when malformed."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected an object")
    test = data.get("test")
    position = data.get("position")
    if not isinstance(test, str) or not isinstance(position, Mapping):
        raise ValueError(f"{where}: needs a 'test' string and a 'position' object")
    verdict = None
    refused = data.get("illegal")
    if refused is not None:
        if not isinstance(refused, dict):
            raise ValueError(f"{where}: 'illegal' must be an object or null")
        action, text = refused.get("action"), refused.get("text")
        if not isinstance(action, str) or not isinstance(text, str):
            raise ValueError(f"{where}: 'illegal' needs 'action' and 'text' strings")
        verdict = Verdict(action, text, _strings(refused.get("clauses"), f"{where} illegal"))
    return Illustration(
        test=test,
        clauses=_strings(data.get("clauses"), f"{where} clauses"),
        position=load(position),
        card=_optional_string(data.get("card"), f"{where} card"),
        legal=_strings(data.get("legal"), f"{where} legal"),
        played=_optional_string(data.get("played"), f"{where} played"),
        illegal=verdict,
    )


def illustration_file(variant: str) -> str:
    """Where the illustrations of ``variant`` are kept, relative to ``specs/``."""
    return f"illustrations/{variant}.json"


def read_illustrations(variant: str) -> tuple[Illustration, ...]:
    """The shipped illustrations of ``variant`` (none when the file is absent); ValueError
    naming the file when it is malformed."""
    relative = illustration_file(variant)
    try:
        text = read_text(relative)
    except FileNotFoundError:
        return ()
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"specs/{relative} is not valid JSON: {exc}") from exc
    if not isinstance(entries, list):
        raise ValueError(f"specs/{relative}: expected a list of illustrations")
    return tuple(
        from_json(entry, f"specs/{relative} #{index + 1}") for index, entry in enumerate(entries)
    )
