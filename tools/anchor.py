"""Add and check the passage locators of the clause register (``[[clause.passage]]``).

    python tools/anchor.py todo                        # rule clauses without a locator
    python tools/anchor.py show CLAUSE                 # a clause, its locators and passages
    python tools/anchor.py find DOC WORDS...           # sentences of seed DOC holding WORDS
    python tools/anchor.py outline DOC [SECTION]       # sections, or one section's sentences
    python tools/anchor.py set CLAUSE LOCATOR...       # replace a clause's locators
    python tools/anchor.py add CLAUSE LOCATOR...       # append locators to a clause
    python tools/anchor.py check                       # every locator against the manuals

A LOCATOR is ``DOC:SECTION#PARAGRAPH`` for a whole paragraph or
``DOC:SECTION#PARAGRAPH.FIRST[-LAST]`` for a range of its sentences, numbered as ``outline``
and ``find`` print them (sections, paragraphs and sentences follow
:mod:`dogrules.data.manuals`), for example ``"000:Casella di partenza#2.1-2"``. Where the
extraction runs a page footer or a run-in heading into a sentence,
``DOC:SECTION#PARAGRAPH/FROM..TO`` takes the words of the paragraph from the first
occurrence of FROM to the end of the first occurrence of TO after it (given on the command
line only: the register records offsets, never the words).

``set`` and ``add`` work out offset, length and digest from the manual, then rewrite the
clause's ``[[clause.passage]]`` tables (``[[datum.passage]]`` in a layout file) after its
own fields and a blank line, leaving every other line of the file as it was, and read the
file back to make sure it parses to the intended locators. The manuals are read from
``--manuals``, else ``$DOGRULES_MANUALS``, else ``../shared/seeds`` beside the checkout.
Nothing of a manual's text is written to the register: only the locator and its fingerprint.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tomllib
from collections.abc import Iterator, Sequence
from pathlib import Path

from dogrules.data.manuals import (
    OUTLINES,
    Span,
    fingerprint,
    manual_path,
    manual_text,
    misplaced,
    outline_of,
    passage_text,
    section_named,
    sections,
    sentences,
)
from dogrules.data.register import Passage

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "specs"  # the register edited (a test points it at a copy)
_LOCATOR = re.compile(
    r"^(?P<doc>\d{3}):(?P<section>.+)#(?P<par>\d+)"
    r"(?:\.(?P<first>\d+)(?:-(?P<last>\d+))?|/(?P<start>.+?)\.\.(?P<end>.+))?$"
)
_HEADER = re.compile(r"^\[\[(?P<table>clause|datum)(?P<sub>\.passage)?\]\]\s*$")


def spec_files() -> tuple[Path, ...]:
    return (
        *sorted((SPECS / "clauses").glob("*.toml")),
        *sorted((SPECS / "layouts").glob("*.toml")),
    )


def manuals_folder(given: Path | None) -> Path:
    if given is not None:
        return given
    if os.environ.get("DOGRULES_MANUALS"):
        return Path(os.environ["DOGRULES_MANUALS"])
    return ROOT.parent / "shared" / "seeds"


def text_of(folder: Path, document: str) -> str:
    return manual_text(manual_path(folder, document))


def locate(spec: str, folder: Path) -> Passage:
    """The passage a LOCATOR names, with its offset, length and digest worked out."""
    match = _LOCATOR.match(spec)
    if match is None:
        raise SystemExit(
            f"error: {spec!r} is not DOC:SECTION#PARAGRAPH[.FIRST[-LAST] or /FROM..TO]"
        )
    document, heading = match["doc"], match["section"]
    text = text_of(folder, document)
    try:
        section = section_named(text, outline_of(document), heading)
    except ValueError as exc:
        raise SystemExit(f"error: {exc}") from None
    number = int(match["par"])
    if not 1 <= number <= len(section.paragraphs):
        raise SystemExit(f"error: {heading!r} has {len(section.paragraphs)} paragraph(s)")
    span = section.paragraphs[number - 1]
    if match["first"]:
        parts = sentences(text, span)
        first = int(match["first"])
        last = int(match["last"] or first)
        if not 1 <= first <= last <= len(parts):
            raise SystemExit(f"error: paragraph {number} has {len(parts)} sentence(s)")
        span = Span(parts[first - 1].start, parts[last - 1].end)
    elif match["start"]:
        span = _words_span(text, span, match["start"], match["end"])
    words = text[span.start : span.end]
    return Passage(document, heading, number, span.start, span.end - span.start, fingerprint(words))


def _words_span(text: str, paragraph: Span, start: str, end: str) -> Span:
    """The stretch of ``paragraph`` from the first occurrence of ``start`` to the end of the
    first occurrence of ``end`` after it (white space compared loosely)."""

    def pattern(words: str) -> re.Pattern[str]:
        return re.compile(r"\s+".join(re.escape(word) for word in words.split()))

    begin = pattern(start).search(text, paragraph.start, paragraph.end)
    if begin is None:
        raise SystemExit(f"error: {start!r} is not in the paragraph")
    finish = pattern(end).search(text, begin.start(), paragraph.end)
    if finish is None:
        raise SystemExit(f"error: {end!r} does not follow {start!r} in the paragraph")
    return Span(begin.start(), finish.end())


# --- the register files, read as text so that every other line stays as it is ---


def clause_block(lines: list[str], clause_id: str) -> tuple[int, int] | None:
    """The line range of the ``[[clause]]``/``[[datum]]`` table with ``id = clause_id``,
    its sub-tables included, trailing blank and comment lines excluded."""
    starts = [n for n, line in enumerate(lines) if (m := _HEADER.match(line)) and not m["sub"]]
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(lines)
        if any(
            re.match(rf'^id\s*=\s*"{re.escape(clause_id)}"\s*$', line) for line in lines[start:end]
        ):
            while end > start and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
                end -= 1
            return start, end
    return None


def passage_lines(table: str, passages: Sequence[Passage]) -> Iterator[str]:
    for passage in passages:
        yield f"[[{table}.passage]]\n"
        yield f'document = "{passage.document}"\n'
        yield f"section = {_toml_string(passage.section)}\n"
        yield f"paragraph = {passage.paragraph}\n"
        yield f"offset = {passage.offset}\n"
        yield f"length = {passage.length}\n"
        yield f'digest = "{passage.digest}"\n'


def _toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def find_clause(clause_id: str) -> tuple[Path, dict[str, object]]:
    for path in spec_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for table in (*data.get("clause", []), *data.get("datum", [])):
            if table.get("id") == clause_id:
                return path, table
    raise SystemExit(f"error: no clause {clause_id} in specs/")


def current_passages(table: dict[str, object]) -> list[Passage]:
    entries = table.get("passage", [])
    assert isinstance(entries, list)
    return [Passage(**entry) for entry in entries]


def write_passages(clause_id: str, passages: Sequence[Passage]) -> Path:
    path, _ = find_clause(clause_id)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    block = clause_block(lines, clause_id)
    assert block is not None, clause_id
    start, end = block
    header = _HEADER.match(lines[start])
    assert header is not None, lines[start]
    table = header["table"]
    own = lines[start:end]
    for number, line in enumerate(own):
        if line.startswith(f"[[{table}.passage]]"):
            own = own[:number]
            break
    while own and not own[-1].strip():
        own.pop()
    before = len(tomllib.loads("".join(lines)).get(table, []))
    # A blank line between the clause's own fields and its locators keeps an edit of the
    # last field and an edit of the locators apart (they merge without a conflict).
    lines[start:end] = [*own, *(["\n"] if passages else []), *passage_lines(table, passages)]
    new_text = "".join(lines)
    data = tomllib.loads(new_text)
    if len(data.get(table, [])) != before:
        raise SystemExit(f"error: rewriting {clause_id} would change the number of tables")
    path.write_text(new_text, encoding="utf-8")
    _, written = find_clause(clause_id)
    if current_passages(written) != list(passages):
        raise SystemExit(f"error: {path} does not read back the locators written for {clause_id}")
    return path


# --- commands ---


def rule_clauses() -> Iterator[tuple[Path, dict[str, object]]]:
    for path in spec_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for table in data.get("clause", []):
            if table.get("kind") == "rule":
                yield path, table
        for table in data.get("datum", []):
            if table.get("status") == "stated":
                yield path, table


def all_clauses() -> Iterator[tuple[Path, dict[str, object]]]:
    for path in spec_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for table in (*data.get("clause", []), *data.get("datum", [])):
            yield path, table


def show_passage(passage: Passage, folder: Path) -> None:
    print(f"  {passage}")
    if folder.is_dir():
        try:
            print(f"    > {passage_text(passage, folder)}")
        except ValueError as exc:
            print(f"    !! {exc}")


def command_show(args: argparse.Namespace) -> int:
    path, table = find_clause(args.clause)
    where = table.get("section", table.get("source"))
    print(f"{args.clause} ({path.relative_to(SPECS.parent)}): {where}")
    print(f"  ours: {table['text']}")
    if table.get("note"):
        print(f"  note: {table['note']}")
    for passage in current_passages(table):
        show_passage(passage, manuals_folder(args.manuals))
    return 0


def command_find(args: argparse.Namespace) -> int:
    folder = manuals_folder(args.manuals)
    text = text_of(folder, args.document)
    needle = " ".join(args.words).casefold()
    for section in sections(text, outline_of(args.document)):
        for number, paragraph in enumerate(section.paragraphs, 1):
            for index, sentence in enumerate(sentences(text, paragraph), 1):
                words = " ".join(text[sentence.start : sentence.end].split())
                if needle in words.casefold():
                    locator = f"{args.document}:{section.heading}#{number}.{index}"
                    print(f"{locator}  @{sentence.start}+{sentence.end - sentence.start}")
                    print(f"    {words}")
    return 0


def command_outline(args: argparse.Namespace) -> int:
    text = text_of(manuals_folder(args.manuals), args.document)
    outline = outline_of(args.document)
    if not args.section:
        for section in sections(text, outline):
            print(f"{section.heading!r}: {len(section.paragraphs)} paragraph(s)")
        return 0
    section = section_named(text, outline, args.section)
    for number, paragraph in enumerate(section.paragraphs, 1):
        print(f"#{number} @{paragraph.start}+{paragraph.end - paragraph.start}")
        for index, sentence in enumerate(sentences(text, paragraph), 1):
            print(f"  .{index} {' '.join(text[sentence.start : sentence.end].split())}")
    return 0


def command_set(args: argparse.Namespace, append: bool) -> int:
    folder = manuals_folder(args.manuals)
    _, table = find_clause(args.clause)
    passages = current_passages(table) if append else []
    passages += [locate(spec, folder) for spec in args.locators]
    path = write_passages(args.clause, passages)
    print(f"{args.clause}: {len(passages)} locator(s) written to {path.relative_to(SPECS.parent)}")
    for passage in passages:
        show_passage(passage, folder)
    return 0


def command_todo(args: argparse.Namespace) -> int:
    missing = [str(table["id"]) for _, table in rule_clauses() if not table.get("passage")]
    for clause_id in missing:
        print(clause_id)
    print(f"{len(missing)} rule clause(s) without a locator", file=sys.stderr)
    return 1 if missing else 0


def command_check(args: argparse.Namespace) -> int:
    folder = manuals_folder(args.manuals)
    bad = 0
    for path, table in all_clauses():
        for passage in current_passages(table):
            try:
                passage_text(passage, folder)
                problem = misplaced(passage, text_of(folder, passage.document))
            except ValueError as exc:
                problem = str(exc)
            if problem:
                bad += 1
                print(f"{table['id']} ({path.name}): {problem}")
    print(f"{bad} locator problem(s)", file=sys.stderr)
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manuals", type=Path, help="folder with the NNN_*.txt manuals")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("todo")
    commands.add_parser("check")
    show = commands.add_parser("show")
    show.add_argument("clause")
    find = commands.add_parser("find")
    find.add_argument("document", choices=sorted(OUTLINES))
    find.add_argument("words", nargs="+")
    outline = commands.add_parser("outline")
    outline.add_argument("document", choices=sorted(OUTLINES))
    outline.add_argument("section", nargs="?")
    for name in ("set", "add"):
        editing = commands.add_parser(name)
        editing.add_argument("clause")
        editing.add_argument("locators", nargs="+", metavar="LOCATOR")
    args = parser.parse_args(argv)
    if args.command in ("set", "add"):
        return command_set(args, append=args.command == "add")
    handlers = {
        "todo": command_todo,
        "check": command_check,
        "show": command_show,
        "find": command_find,
        "outline": command_outline,
    }
    return handlers[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
