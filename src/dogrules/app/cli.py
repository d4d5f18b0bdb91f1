"""The ``dogrules`` command: the group, its exit codes, and the subcommands it gathers from
``dogrules.app.commands`` (one module per family of commands)."""

from __future__ import annotations

import click

from dogrules.app.cli_guard import GuardedGroup
from dogrules.app.commands import (
    book,
    checks,
    conform,
    files,
    games,
    register,
    serve,
    simulate,
    tournament,
    vectors,
)
from dogrules.data.version import __version__


@click.group(cls=GuardedGroup)
@click.version_option(__version__)
def main() -> None:
    """dogrules: the reference rules engine for Schmidt's DOG family.

    \b
    Exit codes, for every command:
      0  success; for explain: the action is legal
      1  a negative verdict: illegal, invalid, a replay that diverges,
         a broken invariant, a game without a winner
      2  bad input or usage (one line on standard error names the problem)
      3  internal error: a bug in dogrules, please report it
    """


for command in (
    games.play,
    games.replay,
    files.validate,
    register.clauses,
    files.explain,
    files.moves,
    files.render,
    checks.check,
    book.book,
    simulate.simulate,
    tournament.tournament,
    serve.serve,
    vectors.vectors,
    conform.conform,
):
    main.add_command(command)


if __name__ == "__main__":
    main()
