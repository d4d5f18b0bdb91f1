"""Every file the program writes is written atomically (issue 33): a temporary file in the
same folder, flushed to disk and renamed over the old one, so a full disk or a crash leaves
the old file as it was; never through a symbolic link it did not make; and an output folder
held by one run at a time."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from dogrules.app.cli import main
from dogrules.app.simulation.report import write_report
from dogrules.formats.files import (
    LOCK_FILE,
    FileProblem,
    locked_folder,
    write_text_atomically,
    write_tree,
)
from dogrules.model.jsonvalue import JSONValue


def names(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def test_a_write_replaces_the_whole_file_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text("old")
    write_text_atomically(path, "new" * 10_000)
    assert path.read_text() == "new" * 10_000 and names(tmp_path) == ["report.json"]


def test_a_failed_write_keeps_the_old_file_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "report.json"
    path.write_text("old")

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(FileProblem, match="No space left on device; the old file is left"):
        write_text_atomically(path, "new")
    assert path.read_text() == "old" and names(tmp_path) == ["report.json"]


def test_a_tree_is_written_under_its_folder(tmp_path: Path) -> None:
    out = tmp_path / "book"
    written = write_tree(out, {"index.html": "i", "code/rules/swap.py.html": "s", "a.png": b"\0"})
    assert written == [out / "index.html", out / "code/rules/swap.py.html", out / "a.png"]
    assert (out / "a.png").read_bytes() == b"\0"
    assert names(out) == ["a.png", "code", "code/rules", "code/rules/swap.py.html", "index.html"]


def test_a_symlink_inside_the_output_folder_is_never_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").symlink_to(outside)
    with pytest.raises(FileProblem, match="symbolic link"):
        write_tree(out, {"a.html": "a", "index.html": "evil"})
    (out / "code").symlink_to(tmp_path, target_is_directory=True)
    with pytest.raises(FileProblem, match="symbolic link inside the output folder"):
        write_tree(out, {"code/outside.txt": "evil"})
    assert outside.read_text() == "keep"
    assert names(out) == ["code", "index.html"]  # every path checked before the first write


@pytest.mark.parametrize(
    "command",
    [["book", "{out}", "--tests", "{out}/none"], ["vectors", "export", "{out}"]],
    ids=["book", "vectors-export"],
)
def test_book_and_vectors_export_refuse_a_symlink_in_their_folder(
    tmp_path: Path, command: list[str]
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    out = tmp_path / "out"
    out.mkdir()
    page = "index.html" if command[0] == "book" else "index.json"
    (out / page).symlink_to(outside)
    result = CliRunner().invoke(main, [part.format(out=out) for part in command])
    assert result.exit_code == 2 and "symbolic link" in result.stderr, result.output
    assert outside.read_text() == "keep" and names(out) == [page]


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB filesystem (tmpfs), where the machine lets this process mount one."""
    folder = tmp_path / "small"
    folder.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a small filesystem needs root on Linux")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small filesystem: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_on_a_full_disk_the_report_and_book_pages_stay_whole(full_disk: Path) -> None:
    report: dict[str, JSONValue] = {
        "games": 1,
        "length": {"histogram": []},
        "seats": [],
        "teams": [],
        "cards": [],
    }
    write_report(report, full_disk)
    before = (full_disk / "report.json").read_text()
    with pytest.raises(FileProblem, match="No space left on device; the old file is left"):
        write_report({**report, "padding": "x" * 200_000}, full_disk)
    assert (full_disk / "report.json").read_text() == before
    page = full_disk / "book" / "index.html"
    write_tree(full_disk / "book", {"index.html": "<p>old</p>"})
    with pytest.raises(FileProblem, match="No space left on device"):
        write_tree(full_disk / "book", {"index.html": "<p>" + "x" * 200_000})
    assert page.read_text() == "<p>old</p>"
    assert names(full_disk) == ["book", "book/index.html", "report.json"]


def test_an_output_folder_is_held_by_one_run_at_a_time(tmp_path: Path) -> None:
    held = f"in use by another run \\(process {os.getpid()}\\)"
    with (
        locked_folder(tmp_path / "run"),
        pytest.raises(FileProblem, match=held),
        locked_folder(tmp_path / "run"),
    ):
        pass
    with locked_folder(tmp_path / "run"):  # free again once the first run ended
        assert (tmp_path / "run" / LOCK_FILE).is_file()
