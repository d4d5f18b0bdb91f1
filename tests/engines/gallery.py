"""A gallery of deliberately wrong engines, each a plausible bug an engine author makes, for
tests/test_conformance_gallery.py: both ``dogrules conform`` and the pytest plugin must catch
every one.

Each is a wrapper over the reference's own adapter (``ReferenceAdapter``), changing what it
answers and never the rules inside it, so the gallery survives changes to how the reference
lists or carries out actions. Three kinds of wrapper make them:

* :class:`Permissive`: calls legal (and lists, among the near misses of its listed plays)
  what the reference refuses by one of some clauses: a rule forgotten;
* :class:`Forgetful`: neither lists nor allows the actions of some kind: a play missed;
* :class:`Swapped`: carries an action out as another legal action of the same position: an
  outcome given to the wrong move;
* :class:`Edited`: carries an action out as the reference does, then changes the state it
  leads to: an outcome no legal action has.

``python gallery.py NAME`` serves engine NAME over the stdio protocol (as ``dogrules serve
--stdio`` would), for ``dogrules conform --engine``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence

import dogrules
from dogrules.conformance.adapter import ReferenceAdapter
from dogrules.formats.states import dump
from dogrules.model.actions import Action, ActionKind
from dogrules.model.errors import DogRulesError
from dogrules.model.events import Event, EventKind
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.protocol import Context, handle
from dogrules.testing.near_miss import near_misses
from dogrules.variants.facade import Variant


class Wrapped(ReferenceAdapter):
    """The reference, with a bug in the variants of ``variants``; ``about`` says the bug."""

    def __init__(self, about: str, variants: Sequence[str]) -> None:
        self.about = about
        self.variants = tuple(variants)

    def buggy(self, state: State) -> bool:
        return state.variant in self.variants


class Permissive(Wrapped):
    """Calls legal every action the reference refuses citing one of ``clauses``, and lists
    those among the near misses of its listed plays."""

    def __init__(self, about: str, variants: Sequence[str], clauses: Sequence[str]) -> None:
        super().__init__(about, variants)
        self.clauses = frozenset(clauses)

    def _allowed(self, state: State) -> list[str]:
        v = dogrules.variant(state.variant)
        listed = frozenset(v.legal_actions(state))
        found: dict[str, None] = {}
        for near_miss in near_misses(v, state):
            action = near_miss.variation
            if action in listed or not _reads_back(v, state, action):
                continue
            ruling = v.explain(state, action)
            if not ruling.legal and self.clauses & set(ruling.clauses):
                found[str(action)] = None
        return list(found)

    def legal(self, state: State) -> Sequence[str]:
        listed = list(super().legal(state))
        return listed + self._allowed(state) if self.buggy(state) else listed

    def explain(self, state: State, action: str) -> tuple[bool, Sequence[str]]:
        legal, clauses = super().explain(state, action)
        if self.buggy(state) and not legal and self.clauses & set(clauses):
            return True, ()
        return legal, clauses


class Forgetful(Wrapped):
    """Neither lists nor allows the actions ``forgets`` picks."""

    def __init__(
        self,
        about: str,
        variants: Sequence[str],
        forgets: Callable[[Variant, State, Action], bool],
    ) -> None:
        super().__init__(about, variants)
        self.forgets = forgets

    def _forgotten(self, state: State, action: str) -> bool:
        v = dogrules.variant(state.variant)
        try:
            return self.buggy(state) and self.forgets(v, state, v.parse_action(state, action))
        except DogRulesError:
            return False

    def legal(self, state: State) -> Sequence[str]:
        return [a for a in super().legal(state) if not self._forgotten(state, a)]

    def apply(self, state: State, action: str) -> State:
        if self._forgotten(state, action):
            raise ValueError(f"{action}: not a legal action")
        return super().apply(state, action)

    def explain(self, state: State, action: str) -> tuple[bool, Sequence[str]]:
        if self._forgotten(state, action):
            return False, ()
        return super().explain(state, action)


class Swapped(Wrapped):
    """Carries an action out as the legal action ``instead`` gives for it (when any)."""

    def __init__(
        self,
        about: str,
        variants: Sequence[str],
        instead: Callable[[Variant, State, Action], Action | None],
    ) -> None:
        super().__init__(about, variants)
        self.instead = instead

    def apply(self, state: State, action: str) -> State:
        v = dogrules.variant(state.variant)
        meant = v.parse_action(state, action)
        other = self.instead(v, state, meant) if self.buggy(state) else None
        if other is not None and other != meant and v.is_legal(state, other):
            return v.apply(state, other).state
        return super().apply(state, action)


class Edited(Wrapped):
    """Carries an action out as the reference does, then changes the state it leads to as
    ``edit`` says (when it does)."""

    def __init__(
        self,
        about: str,
        variants: Sequence[str],
        edit: Callable[[Variant, State, Action, State], State | None],
    ) -> None:
        super().__init__(about, variants)
        self.edit = edit

    def apply(self, state: State, action: str) -> State:
        after = super().apply(state, action)
        if not self.buggy(state):
            return after
        v = dogrules.variant(state.variant)
        edited = self.edit(v, state, v.parse_action(state, action), after)
        return after if edited is None else edited


class MisnamedClauses(Wrapped):
    """Refuses what the reference refuses, but cites only the first deciding clause."""

    def explain(self, state: State, action: str) -> tuple[bool, Sequence[str]]:
        legal, clauses = super().explain(state, action)
        return (legal, clauses[:1]) if self.buggy(state) and not legal else (legal, clauses)


def _dog_counts_start_fields(
    v: Variant, state: State, action: Action, after: State
) -> State | None:
    """R-B2 half forgotten: the Black Dog's run counts the start fields it passes over, where
    the rules skip them uncounted (it still never stops on one)."""
    ran = [e for e in _events(v, state, action) if e.kind is EventKind.DOG_MOVED]
    if not ran or ran[0].src is None or ran[0].dst is None or ran[0].count is None:
        return None
    board = v.board(state.players)
    landed = board.parse(ran[0].dst, state.to_act)
    wrong = (board.parse(ran[0].src, state.to_act) + ran[0].count) % board.track
    if wrong in board.printed_starts:
        wrong = (wrong + 1) % board.track
    if after.black_dog != landed or wrong == landed:
        return None  # the disc carried the dog on, or the run passed no start field
    dumped = dict(dump(after))
    dumped["black_dog"] = board.label(wrong)
    return dogrules.load(dumped)


def _reads_back(v: Variant, state: State, action: Action) -> bool:
    try:
        return v.parse_action(state, str(action)) == action
    except DogRulesError:
        return False


def _kinds(v: Variant, state: State, action: Action) -> set[EventKind]:
    return {event.kind for event in _events(v, state, action)}


def _events(v: Variant, state: State, action: Action) -> tuple[Event, ...]:
    return v.apply(state, action, events=True).events


def _winner_of_the_other_order(v: Variant, state: State, action: Action) -> Action | None:
    """R-C13 read backwards: a Partner card completing two sides makes the side completed
    last win, as the same sub-moves in the other order do."""
    transition = v.apply(state, action, events=True)
    won = [e for e in transition.events if e.kind is EventKind.WON and "R-C13" in e.clauses]
    return action._replace(moves=tuple(reversed(action.moves))) if won else None


def _disc_the_other_way(v: Variant, state: State, action: Action) -> Action | None:
    """``turn cw`` carried out counter-clockwise."""
    return action._replace(turn="ccw") if action.turn == "cw" else None


def _another_card_given(v: Variant, state: State, action: Action) -> Action | None:
    """An exchange that gives the other card of the hand than the one chosen."""
    if action.kind is not ActionKind.GIVE:
        return None
    others = [a for a in v.legal_actions(state) if a.kind is ActionKind.GIVE and a != action]
    return others[-1] if others else None


def _partner_split(v: Variant, state: State, action: Action) -> bool:
    """A Partner card's 4 points shared between pieces."""
    return action.card == "partner" and len(action.moves) >= 2


def _captures(v: Variant, state: State, action: Action) -> bool:
    return EventKind.CAPTURED in _kinds(v, state, action)


def _pushes(v: Variant, state: State, action: Action) -> bool:
    return EventKind.PUSHED in _kinds(v, state, action)


def _folds(v: Variant, state: State, action: Action) -> bool:
    return action.kind is ActionKind.FOLD


BD, AD, KD = "black-dog", "agent-dog", "dog-kids"
ENGINES: dict[str, Wrapped] = {
    "winner_completed_last": Swapped(
        "R-C13 reversed: the side completed last wins", (BD, AD), _winner_of_the_other_order
    ),
    "disc_turned_backwards": Swapped(
        "a disc `turn cw` carried out counter-clockwise", (BD,), _disc_the_other_way
    ),
    "blocked_start_passed": Permissive(
        "a protected start field passed", (BD, AD), ("BD-START-BLOCKS", "AD-START-BLOCKS")
    ),
    "copy_of_any_card": Permissive(
        "Copy plays a card other than the last one played",
        (BD, AD),
        ("BD-COPY", "AD-COPY", "BD-COPY-ROUND", "AD-COPY-ROUND"),
    ),
    "partner_split_anyhow": Permissive("a Partner split the rules refuse", (BD, AD), ("R-C10",)),
    "partner_never_split": Forgetful(
        "a Partner card's points never shared between pieces", (BD, AD), _partner_split
    ),
    "no_capture": Forgetful("a move onto an opponent's piece refused", (BD, AD), _captures),
    "fold_refused": Forgetful("folding refused", (BD, AD), _folds),
    "exchange_wrong_card": Swapped(
        "the exchange gives another card than the one chosen", (BD, AD, KD), _another_card_given
    ),
    "flipped_piece_starts": Permissive(
        "a flipped agent may leave the start field", (AD,), ("AD-START-NO-FLIPPED",)
    ),
    "magnet_unlimited": Permissive("the Magnet's limits forgotten", (BD,), ("BD-MAGNET-LIMITS",)),
    "kids_counter_clockwise": Permissive(
        "DOG Kids dogs may run counter-clockwise", (KD,), ("KD-MOVE-CLOCKWISE",)
    ),
    "kids_bone_ignored": Permissive("DOG Kids bones ignored", (KD,), ("KD-BONE",)),
    "kids_dog_swap_anyhow": Permissive(
        "a DOG Kids dog swap the rules refuse", (KD,), ("KD-DOGSWAP",)
    ),
    "kids_push_refused": Forgetful("a DOG Kids push refused", (KD,), _pushes),
    "dog_counts_start_fields": Edited(
        "the Black Dog's run counts the start fields it passes", (BD,), _dog_counts_start_fields
    ),
    "clauses_misnamed": MisnamedClauses("a refusal cites only its first clause", (BD, AD, KD)),
}
# Each engine is also a name of this module, for the plugin's ``--dog-engine gallery:NAME``.
globals().update(ENGINES)


def serve(adapter: ReferenceAdapter) -> None:
    """Answer the stdio protocol with ``adapter`` (``hello`` as the reference does)."""
    context = Context()
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = _answer(adapter, request, context)
        except Exception as exc:
            answer = {"error": {"code": "illegal_action", "message": f"{exc}"}}
        sys.stdout.write(json.dumps({"id": request.get("id"), **answer}) + "\n")
        sys.stdout.flush()


def _answer(
    adapter: ReferenceAdapter, request: Mapping[str, JSONValue], context: Context
) -> dict[str, JSONValue]:
    op = request.get("op")
    if op not in ("legal_actions", "apply", "explain"):
        return {k: v for k, v in handle(dict(request), context).items() if k != "id"}
    position = request["state"]
    assert isinstance(position, dict)
    state = adapter.load(position)
    v = dogrules.variant(state.variant)
    if op == "legal_actions":
        actions: list[JSONValue] = []
        for text in adapter.legal(state):
            action = v.parse_action(state, text)
            actions.append(
                {
                    "notation": text,
                    "kind": str(action.kind),
                    "card": action.card,
                    "copied": action.copied,
                }
            )
        return {"actions": actions}
    text = str(request["action"])
    if op == "apply":
        return {"state": dump(adapter.apply(state, text), v)}
    legal, clauses = adapter.explain(state, text)
    return {"legal": legal, "clauses": list(clauses)}


if __name__ == "__main__":
    serve(ENGINES[sys.argv[1]])
