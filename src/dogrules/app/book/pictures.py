"""The pictures of the rulebook: an illustration's position drawn as the SVG board, with the
legal moves of the card in question as green arrows, the move a test played in blue and the
illegal one in dashed red."""

from __future__ import annotations

import html
from collections.abc import Callable

from dogrules.app.book.illustrations import Illustration
from dogrules.model.actions import Action
from dogrules.render import Arrow, ArrowKind, svg
from dogrules.variants import variant as get_variant


def _moves(action: Action, kind: ArrowKind, seat: int) -> list[Arrow]:
    return [Arrow(origin, target, kind, seat) for origin, target in action.moves]


def arrows(illustration: Illustration) -> list[Arrow]:
    """The moves to draw: every legal action of the card, the one played, the illegal one."""
    variant = get_variant(illustration.variant)
    state = illustration.position
    seat = state.to_act

    def parsed(text: str) -> Action:
        return variant.parse_action(state, text)

    drawn = [
        arrow
        for text in illustration.legal
        for arrow in _moves(parsed(text), ArrowKind.LEGAL, seat)
    ]
    if illustration.played is not None:
        drawn += _moves(parsed(illustration.played), ArrowKind.PLAYED, seat)
    if illustration.illegal is not None:
        drawn += _moves(parsed(illustration.illegal.action), ArrowKind.ILLEGAL, seat)
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
    return "\n".join(lines)
