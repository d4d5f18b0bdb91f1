"""The ``dogrules`` command: the group, its exit codes, and the subcommands it gathers from
``dogrules.app.commands`` (one module per family of commands), each imported when it is run
or listed (see :class:`~dogrules.app.cli_guard.GuardedGroup`)."""

from __future__ import annotations

import click

from dogrules.app.cli_guard import GuardedGroup
from dogrules.data.version import __version__

# Each subcommand's module under dogrules.app.commands and its function there: a ``dogrules
# serve --stdio`` engine or a ``dogrules explain`` in a shell loop starts without importing
# the book's writer, the simulator or the conformance driver (some 100 ms a start).
COMMANDS = {
    "play": "games:play",
    "replay": "games:replay",
    "validate": "files:validate",
    "clauses": "register:clauses",
    "rulings": "register:rulings",
    "explain": "files:explain",
    "moves": "files:moves",
    "render": "files:render",
    "check": "checks:check",
    "book": "book:book",
    "simulate": "simulate:simulate",
    "tournament": "tournament:tournament",
    "serve": "serve:serve",
    "vectors": "vectors:vectors",
    "conform": "conform:conform",
}


@click.group(cls=GuardedGroup, lazy_commands=COMMANDS, package="dogrules.app.commands")
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


if __name__ == "__main__":
    main()
