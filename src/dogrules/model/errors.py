"""The errors the public API raises: every one derives from :class:`DogRulesError`."""

from __future__ import annotations

import attrs


class DogRulesError(Exception):
    """Base of every error this library raises on purpose."""


@attrs.frozen
class Problem:
    """One thing wrong with a state: the ``field`` at fault (a dump key such as ``hands.2``
    or ``black_dog``) and a ``message`` saying what is wrong."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


class InvalidPosition(DogRulesError, ValueError):
    """A position breaks an invariant of the game; the message names each problem, one per
    line. ``problems`` lists them (a single one built from the message when raised with a
    text only)."""

    def __init__(self, message: str | tuple[Problem, ...]) -> None:
        if isinstance(message, str):
            field, _, rest = message.partition(": ")
            problem = (
                Problem(field, rest) if rest and " " not in field else Problem("state", message)
            )
            problems: tuple[Problem, ...] = (problem,)
            text = message
        else:
            problems = message
            text = "\n".join(str(problem) for problem in problems)
        super().__init__(text)
        self.problems = problems


class IllegalAction(DogRulesError, ValueError):
    """An action is not legal in the state it was applied to.

    ``clauses`` holds the ids of the clauses that forbid it; ``reasons`` the plain-English
    steps that led to the verdict.
    """

    def __init__(self, message: str, clauses: tuple[str, ...] = (), reasons: tuple[str, ...] = ()):
        super().__init__(message)
        self.clauses = clauses
        self.reasons = reasons


class NotationError(DogRulesError, ValueError):
    """A text cannot be read as an action of this game; the message names what is wrong."""


class ActionIdError(DogRulesError, ValueError):
    """An action that has no id in an action space (a card, colour, location or number of
    moves the space does not know), or an id that names no action of it."""


class ChoiceError(DogRulesError, ValueError):
    """An option that the step of a staged decision does not offer. ``step`` names the step
    (``card``, ``piece``, ``target``, ...); ``options`` holds the labels it does offer."""

    def __init__(self, message: str, step: str, options: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.step = step
        self.options = options


class InvariantViolation(DogRulesError, AssertionError):
    """An invariant of the rules does not hold; ``invariant`` names it, ``detail`` says how."""

    def __init__(self, invariant: str, message: str) -> None:
        super().__init__(f"[{invariant}] {message}")
        self.invariant = invariant
        self.detail = message


def violation(invariant: str, message: str) -> InvariantViolation:
    """The error saying that ``invariant`` does not hold."""
    return InvariantViolation(invariant, message)


class HouseRulesError(DogRulesError, ValueError):
    """House rules a variant cannot be played by: an unknown ruling id, a ruling that is not
    the variant's or has no alternative, or an unknown reading name. ``ruling`` names the
    ruling at fault (empty when the whole value is malformed) and ``valid`` the choices there
    are (ruling ids or reading names)."""

    def __init__(self, message: str, ruling: str = "", valid: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.ruling = ruling
        self.valid = valid
