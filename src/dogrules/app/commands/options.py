"""Options that several commands share, each written once (the help says what it means for
the command at hand)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import click

from dogrules.app.simulation.playout import MAX_ACTIONS
from dogrules.variants import implemented

Decorated = TypeVar("Decorated", bound=Callable[..., None])


class RegisteredVariant(click.Choice[str]):
    """The name of a variant, one of the registry's when the command runs (a variant
    registered at run time among them), not only those known when the command was made."""

    def __init__(self) -> None:
        super().__init__(implemented())

    @property
    def choices(self) -> tuple[str, ...]:
        return implemented()

    @choices.setter
    def choices(self, given: Sequence[str]) -> None:
        """The registry says, whatever click's own constructor gives."""


def variant_argument() -> Callable[[Decorated], Decorated]:
    """``VARIANT``: the name of a registered variant."""
    return click.argument("variant_name", metavar="VARIANT", type=RegisteredVariant())


def ray_option(help: str) -> Callable[[Decorated], Decorated]:
    """``--ray [ADDRESS]``: run on Ray (the cluster at ADDRESS, or a private local one)."""
    return click.option(
        "--ray",
        "ray_address",
        is_flag=False,
        flag_value="",
        default=None,
        metavar="[ADDRESS]",
        help=help,
    )


def out_option(help: str) -> Callable[[Decorated], Decorated]:
    """``--out/-o FOLDER``: where a command that runs many games keeps them."""
    return click.option("--out", "-o", type=click.Path(file_okay=False, path_type=Path), help=help)


def max_actions_option(help: str) -> Callable[[Decorated], Decorated]:
    """``--max-actions N``: a game still going after N actions is stopped."""
    return click.option(
        "--max-actions",
        default=MAX_ACTIONS,
        show_default=True,
        type=click.IntRange(1, 10**7),
        help=help,
    )
