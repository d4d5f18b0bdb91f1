"""MkDocs hooks of the docs site (mkdocs.yml ``hooks:``): the command line reference is
written from click's own help, so it cannot drift from the installed command.

A page that holds the line ``<!-- dogrules-cli -->`` gets, in its place, one section per
command of ``dogrules`` (the group first), each with the text ``dogrules COMMAND --help``
prints. A command added to the group (``main.add_command``) appears without any change here.
"""

from __future__ import annotations

import click

from dogrules.app.cli import main

MARKER = "<!-- dogrules-cli -->"
PROG = "dogrules"


def on_page_markdown(markdown: str, **_: object) -> str:
    """Put the generated reference where a page has the marker."""
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, cli_reference())


def cli_reference() -> str:
    """Markdown for ``dogrules --help`` and every subcommand's ``--help``, in name order."""
    group = click.Context(main, info_name=PROG, terminal_width=80, max_content_width=80)
    sections = [_section(PROG, main.get_help(group))]
    for name in main.list_commands(group):
        command = main.get_command(group, name)
        if command is None or command.hidden:
            continue
        context = click.Context(command, info_name=name, parent=group, max_content_width=80)
        sections.append(_section(f"{PROG} {name}", command.get_help(context)))
    return "\n".join(sections)


def _section(title: str, help_text: str) -> str:
    return f"### `{title}`\n\n```text\n{help_text}\n```\n"
