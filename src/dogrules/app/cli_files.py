"""What the ``dogrules`` command reads and writes, and the checks of its option values.

Each helper either returns what the command needs or ends the command through :func:`fail`
with one line on standard error naming the file (or option) and the problem, exit code 2.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import NoReturn, TypeVar

import click

from dogrules.data.specs import SpecTable, read_toml_file, replace_deck
from dogrules.formats.files import (
    FileProblem,
    check_writable,
    locked_folder,
    quote,
    read_json_text,
    write_text_atomically,
)
from dogrules.formats.house_rules import house_rules_file, read_house_rules
from dogrules.formats.states import load
from dogrules.model.errors import DogRulesError
from dogrules.model.state import State
from dogrules.variants import forms
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

Decorated = TypeVar("Decorated", bound=Callable[..., None])
# What bad input may raise on its way through load and the data readers: all of it is the
# user's file being wrong, so it is reported as bad input (exit 2), never as a traceback.
BAD_INPUT: tuple[type[BaseException], ...] = (
    DogRulesError,
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    RecursionError,
)
# A corrected deck larger than this is refused: decks are a hundred-odd cards, and the
# engine builds lists of every card, so an absurd count would exhaust memory.
MAX_DECK_CARDS = 10_000
# Bounds of the numeric options, wide enough for any real use.
MAX_SEED = 2**32 - 1
MAX_EXAMPLES = 10_000
MAX_STEPS = 100_000
# A message quotes bad input at most this long: a 5,000-digit number is cut, not echoed.
LONG_WORD = re.compile(r"\S{61,}")


def fail(message: str, code: int = 2) -> NoReturn:
    """End the command: ``error: message`` as one line on standard error, then exit."""
    text = LONG_WORD.sub(lambda m: m.group()[:40] + "...", " ".join(message.split()))
    click.echo(f"error: {text if len(text) <= 300 else text[:300] + '...'}", err=True)
    sys.exit(code)


@contextlib.contextmanager
def held_folder(folder: Path | None) -> Iterator[None]:
    """The output ``folder`` of a run held for it alone (see locked_folder; nothing to hold
    for None); exit 2 with one line when another run holds it."""
    with contextlib.ExitStack() as stack:
        if folder is not None:
            try:
                stack.enter_context(locked_folder(folder))
            except FileProblem as exc:
                fail(str(exc))
        yield


def short(exc: BaseException) -> str:
    """The first line of an exception's message, cut short: never a wall of text."""
    lines = str(exc).strip().splitlines()
    text = lines[0] if lines else type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "..."


def read_json(path: Path) -> object:
    """The JSON in the file ``path``; exit 2 with one line if it cannot be read as JSON."""
    try:
        return read_json_text(path)
    except FileProblem as exc:
        fail(str(exc))


def load_position(path: Path) -> State:
    """The state stored in a JSON file (``dump`` shape); exit 2 with one line if not."""
    data = read_json(path)
    if not isinstance(data, dict):
        fail(f"{path}: a position is a JSON object, not {quote(type(data).__name__)}")
    try:
        return load(data)
    except BAD_INPUT as exc:
        fail(f"{path}: {short(exc)}")


def check_output(output: str | None) -> None:
    """Refuse, before any work is done, an output path that cannot be written (see
    check_writable: an empty path, a symbolic link, anything but a regular file)."""
    if output is None or output == "-":
        return
    if not output:
        fail("output path is empty (use '-' for standard output)")
    try:
        check_writable(Path(output))
    except FileProblem as exc:
        fail(str(exc))


def write_output(output: str, text: str) -> None:
    """Write ``text`` to the file ``output`` atomically (see write_text_atomically), or to
    standard output when ``output`` is ``-``; exit 2 with one line if it cannot be written."""
    if output == "-":
        click.echo(text, nl=False)
        return
    check_output(output)
    try:
        write_text_atomically(Path(output), text)
    except FileProblem as exc:
        fail(str(exc))


def check_players(variant_name: str, counts: Sequence[int], option: str = "--players") -> None:
    """Exit 2 unless every count is one the variant is played with."""
    allowed = sorted({players for players, _teams in forms(variant_name)})
    for count in counts:
        if count not in allowed:
            shown = ", ".join(map(str, allowed))
            fail(f"{option} {count}: {variant_name} is played by {shown} players")


def with_data(variant: Variant, layout: Path | None, deck: Path | None) -> Variant:
    """The variant on a user's corrected layout and/or deck; exit 2 naming what is wrong."""
    try:
        data = _toml(layout) if layout is not None else variant.ruleset.layout_data
        source = str(layout or variant.ruleset.where)
        if deck is not None:
            deck_file = _toml(deck)
            _check_deck(deck, deck_file)
            data = replace_deck(data, deck_file, str(deck))
            source = f"{source} with deck {deck}"
        changed = variant.with_data(data, source)
        for players in (2, 3, 4):
            changed.board(players)
    except BAD_INPUT as exc:
        fail(short(exc))
    return changed


def _toml(path: Path) -> SpecTable:
    """A user's TOML file, refusing what is not a readable regular file."""
    if path.is_dir():
        fail(f"{path}: cannot read: a directory, not a file")
    try:
        return read_toml_file(path)
    except UnicodeDecodeError:
        fail(f"{path}: not UTF-8 text")
    except OSError as exc:
        fail(f"{path}: cannot read: {exc.strerror or exc}")


def _check_deck(path: Path, deck_file: SpecTable) -> None:
    """Exit 2 unless the ``[deck]`` counts are positive integers of a bounded total."""
    deck = deck_file.get("deck")
    if not isinstance(deck, dict):
        return  # replace_deck names this problem
    total = 0
    for card, count in deck.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            fail(f"{path}: deck.{card}: a count is a positive integer, not {quote(str(count))}")
        total += count
        if total > MAX_DECK_CARDS:
            fail(f"{path}: the deck has more than {MAX_DECK_CARDS} cards")


def variant_named(name: str) -> Variant:
    """The variant called ``name``; a usage error (exit 2) naming the choices otherwise."""
    try:
        return get_variant(name)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="VARIANT") from None


def rules_option(help: str) -> Callable[[Decorated], Decorated]:
    """``--rules FILE``: a house-rules file whose readings replace the reference ones."""
    return click.option(
        "--rules",
        "rules_path",
        type=click.Path(dir_okay=False, path_type=Path),
        metavar="FILE",
        help=help,
    )


def rules_files_option(help: str) -> Callable[[Decorated], Decorated]:
    """``--rules FILE`` (repeatable): house-rules files, each naming its variant."""
    return click.option(
        "--rules",
        "rules_paths",
        multiple=True,
        type=click.Path(dir_okay=False, path_type=Path),
        metavar="FILE",
        help=help,
    )


def variant_ruled(name: str, rules: Path | None) -> Variant:
    """The variant called ``name`` played by the house rules in the file ``rules`` (the
    reference readings when None); exit 2 with one line naming the file and the key at fault."""
    found = variant_named(name)
    if rules is None:
        return found
    try:
        return get_variant(name, rulings=read_house_rules(rules, name))
    except FileProblem as exc:
        fail(str(exc))


def house_rules_of(paths: Sequence[Path]) -> dict[str, Mapping[str, str]]:
    """Variant name -> the house rules (ruling id -> reading name) of the files ``paths``,
    each naming its variant; exit 2 with one line for a bad file or two for one variant."""
    found: dict[str, Mapping[str, str]] = {}
    for path in paths:
        try:
            name, rules = house_rules_file(path)
        except FileProblem as exc:
            fail(str(exc))
        if name in found:
            fail(f"{path}: a second house-rules file for {name}")
        found[name] = dict(rules)
    return found


def clause_lines(variant: Variant, ids: Sequence[str]) -> list[dict[str, str]]:
    """The register entries of ``ids`` that ``variant`` has, as printed by ``explain``."""
    index = {clause.id: clause for clause in variant.clauses}
    cited = [index[clause_id] for clause_id in ids if clause_id in index]
    return [{"id": c.id, "kind": c.kind, "source": c.source, "text": c.text} for c in cited]
