"""The last line of defence of the ``dogrules`` command: whatever happens, one line, no
traceback, and an exit code that says whose fault it was (see the group's help)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

import click

from dogrules.app.cli_files import fail, short


class GuardedGroup(click.Group):
    """The command group, run so that no input ever shows a traceback: usage errors are one
    line (exit 2) and an unexpected exception is one ``internal error`` line (exit 3).

    Its ``lazy_commands`` map a subcommand's name to ``"module:function"`` within
    ``package``; a module is imported when one of its commands is run, listed or asked for
    help, so a start imports only what the command it runs needs."""

    def __init__(
        self,
        *args: Any,
        lazy_commands: Mapping[str, str] | None = None,
        package: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})
        self.package = package

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = self.lazy_commands.get(cmd_name)
        if where is None:
            return super().get_command(ctx, cmd_name)
        module_name, _, function = where.partition(":")
        module = importlib.import_module(f"{self.package}.{module_name}".lstrip("."))
        command = getattr(module, function)
        if not isinstance(command, click.Command) or command.name != cmd_name:
            raise TypeError(f"{where} is not the click command {cmd_name!r}")
        return command

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        **extra: Any,
    ) -> NoReturn:
        """Run the command, then exit with its code (see the group's help)."""
        # The guard decides how errors are shown, so click must hand them over, not print them.
        extra.pop("standalone_mode", None)
        try:
            code = super().main(args, prog_name, standalone_mode=False, **extra)
        except click.exceptions.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "dogrules"
            fail(f"{exc.format_message()} (see '{where} --help')", exc.exit_code)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except (KeyboardInterrupt, EOFError):
            click.echo("error: interrupted", err=True)
            sys.exit(1)
        except RecursionError as exc:
            fail(f"input nested too deeply: {short(exc)}")
        except MemoryError:
            fail("input too large: out of memory")
        except Exception as exc:
            # The last resort: whatever slipped through is a bug in dogrules, not bad input.
            click.echo(
                f"internal error (please report): {type(exc).__name__}: {short(exc)}", err=True
            )
            sys.exit(3)
        sys.exit(code if isinstance(code, int) else 0)
