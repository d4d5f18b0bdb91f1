"""The pictures of the rulebook: an illustration's position drawn as the SVG board, with the
legal moves of the card in question as green arrows, the move a test played in blue and the
illegal one in dashed red, each arrow along the fields its piece steps on; and beside it
the position after the move (the one played, or the only legal one): every piece that
moved, the Black Dog's run and the pieces sent home drawn as arrows on the result."""

from __future__ import annotations

import html
from collections.abc import Callable

from dogrules.app.book.illustrations import Illustration
from dogrules.data.register import Clause, implementers
from dogrules.geometry.board import HOME
from dogrules.model.actions import Action
from dogrules.model.events import EventKind
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.render import Arrow, ArrowKind, svg
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

# Events the caption of a result leaves out: the card played (the move says it) and the
# cards drawn after it.
QUIET = frozenset({EventKind.PLAYED, EventKind.DREW, EventKind.DEALT, EventKind.ROUND_STARTED})


def _moves(variant: Variant, state: State, action: Action, kind: ArrowKind) -> list[Arrow]:
    """The moves of ``action``, each along the path its piece steps on when the action is
    legal (its events say it), else straight from origin to target."""
    seat = state.to_act
    paths: dict[tuple[int, int], tuple[int, ...]] = {}
    if kind is not ArrowKind.ILLEGAL:
        board = variant.board(state.players)
        for event in variant.apply(state, action, events=True).events:
            if event.piece is not None and event.src and event.dst and event.path:
                ends = (board.parse(event.src, event.piece), board.parse(event.dst, event.piece))
                paths.setdefault(ends, tuple(board.parse(p, event.piece) for p in event.path))
    return [
        Arrow(origin, target, kind, seat, paths.get((origin, target), ()))
        for origin, target in action.moves
    ]


def arrows(illustration: Illustration) -> list[Arrow]:
    """The moves to draw: every legal action of the card, the one played, the illegal one."""
    variant = get_variant(illustration.variant)
    state = illustration.position

    def parsed(text: str) -> Action:
        return variant.parse_action(state, text)

    drawn = [
        arrow
        for text in illustration.legal
        for arrow in _moves(variant, state, parsed(text), ArrowKind.LEGAL)
    ]
    if illustration.played is not None:
        drawn += _moves(variant, state, parsed(illustration.played), ArrowKind.PLAYED)
    if illustration.illegal is not None:
        drawn += _moves(variant, state, parsed(illustration.illegal.action), ArrowKind.ILLEGAL)
    # A move drawn as played or illegal is not drawn again as merely legal.
    special = {(a.origin, a.target) for a in drawn if a.kind is not ArrowKind.LEGAL}
    return [
        a for a in drawn if a.kind is not ArrowKind.LEGAL or (a.origin, a.target) not in special
    ]


def picture(illustration: Illustration) -> str:
    """The SVG document of ``illustration``: its position with its moves drawn on it."""
    state = illustration.position
    board = get_variant(illustration.variant).board(state.players)
    return svg(board, state, arrows(illustration))


def decides(illustration: Illustration, clause_id: str) -> bool:
    """Whether the clause ``clause_id`` decides in the picture: the engine cites it for a
    move drawn (an event of a legal or played move) or in the verdict on the illegal one."""
    if illustration.illegal is not None and clause_id in illustration.illegal.clauses:
        return True
    variant = get_variant(illustration.variant)
    state = illustration.position
    drawn = [*illustration.legal, *([illustration.played] if illustration.played else [])]
    return any(
        clause_id in event.clauses
        for text in drawn
        for event in variant.apply(state, variant.parse_action(state, text), events=True).events
    )


# Why a picture of a move cannot show a clause decide, by where the engine keeps it (the
# modules of every function implementing the clause or the one it shares its mechanic with).
_UNDRAWN = (
    (("dogrules.rules.secrecy",), "it governs what each seat may see, not which moves are legal"),
    (("dogrules.geometry.",), "it describes the board itself, which every picture draws"),
    (
        ("dogrules.engine.cardtable", "dogrules.rules.round"),
        "it acts when a game or round is set up, cards are dealt or a turn ends, not in a move",
    ),
)


def undrawn(clause: Clause) -> str:
    """What a clause without pictures says instead: that its tests set up no position where
    it decides a move drawn, and why when the reason is general (the clause belongs to the
    setup, the board or secrecy, not to a move)."""
    functions = implementers()
    names = [
        name for clause_id in (clause.id, *clause.same_as) for name in functions.get(clause_id, ())
    ]
    said = "Its tests set up no position where it decides a move drawn"
    for modules, reason in _UNDRAWN:
        if names and all(name.startswith(modules) for name in names):
            return f"{said}: {reason}."
    return f"{said}."


def result(illustration: Illustration) -> str | None:
    """The move whose result the picture shows beside it: the one played, else the only
    legal one (None when there is neither)."""
    if illustration.played is not None:
        return illustration.played
    return illustration.legal[0] if len(illustration.legal) == 1 else None


def _after(illustration: Illustration) -> Transition | None:
    text = result(illustration)
    if text is None:
        return None
    variant = get_variant(illustration.variant)
    state = illustration.position
    return variant.apply(state, variant.parse_action(state, text), events=True)


def after_file(src: str) -> str:
    """The file of the picture after the move, beside the picture ``src`` of the position."""
    return src.removesuffix(".svg") + "-after.svg"


def after_picture(illustration: Illustration) -> str | None:
    """The SVG document of the position after :func:`result`'s move, every piece it moved
    drawn as an arrow along its path, the Black Dog's run too, and each piece captured as a
    dashed arrow to its home; None when the picture shows no move's result."""
    transition = _after(illustration)
    if transition is None:
        return None
    state = transition.state
    board = get_variant(illustration.variant).board(state.players)
    drawn = []
    for event in transition.events:
        owner = event.piece if event.piece is not None else state.to_act
        if event.kind == EventKind.CAPTURED and event.src:
            drawn.append(Arrow(board.parse(event.src, owner), HOME, ArrowKind.CAPTURED, owner))
        elif event.src and event.dst and event.kind != EventKind.SWAPPED:
            via = tuple(board.parse(p, owner) for p in event.path)
            origin, target = board.parse(event.src, owner), board.parse(event.dst, owner)
            drawn.append(Arrow(origin, target, ArrowKind.PLAYED, owner, via))
    return svg(board, state, drawn)


def caption(illustration: Illustration, link: Callable[[str], str]) -> str:
    """What the picture shows, as HTML: who acts with which cards, the legal moves of the
    card in question, the move played, and the illegal move with the engine's verdict
    (``link`` writes a clause id as a link to it)."""
    state = illustration.position
    variant = get_variant(illustration.variant)
    seat = state.to_act
    colour = variant.board(state.players).colour(seat)
    hand = state.hands[seat] if seat < len(state.hands) else ()
    cards = ", ".join(hand) or "no cards"
    lines = [
        f"<p>{state.players} players; seat {seat} ({html.escape(colour)}) to act, "
        f"holding {html.escape(cards)}.</p>"
    ]
    which = f"the {html.escape(illustration.card)}" if illustration.card else "the hand"
    if illustration.legal:
        moves = ", ".join(f"<code>{html.escape(text)}</code>" for text in illustration.legal)
        lines.append(f'<p><span class="key legal">legal</span> with {which}: {moves}</p>')
    else:
        lines.append(f'<p><span class="key legal">legal</span> with {which}: no move</p>')
    if illustration.played is not None:
        lines.append(
            f'<p><span class="key played">played</span> <code>{html.escape(illustration.played)}'
            "</code></p>"
        )
    verdict = illustration.illegal
    if verdict is not None:
        cited = ", ".join(link(clause) for clause in verdict.clauses)
        lines.append(
            f'<p><span class="key illegal">illegal</span> <code>{html.escape(verdict.action)}'
            f"</code> ({cited})</p>"
            f'<pre class="verdict">{html.escape(verdict.text)}</pre>'
        )
    transition = _after(illustration)
    if transition is not None:
        happened = "".join(
            f"<li>{html.escape(event.describe())}</li>"
            for event in transition.events
            if event.kind not in QUIET
        )
        move = html.escape(str(result(illustration)))
        lines.append(
            f'<p><span class="key after">after</span> <code>{move}</code> (the second '
            f'picture):</p><ul class="after">{happened}</ul>'
        )
    return "\n".join(lines)
