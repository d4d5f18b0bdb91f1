"""CHANGELOG.md keeps the Keep a Changelog form users read it in: an [Unreleased] section on
top, then the releases newest first, each a version and a date, with only the kinds of change
that form names; the newest release is the version the package says it is."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import dogrules

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"
RELEASE = re.compile(r"^## \[(?P<version>\d+\.\d+\.\d+)\] - (?P<date>\d{4}-\d{2}-\d{2})$")
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")


def headings(level: str) -> list[str]:
    return [
        line
        for line in CHANGELOG.read_text(encoding="utf-8").splitlines()
        if line.startswith(level + " ")
    ]


def releases() -> list[tuple[tuple[int, ...], datetime.date]]:
    found = []
    for heading in headings("##")[1:]:
        release = RELEASE.match(heading)
        assert release is not None, f"CHANGELOG.md: {heading!r} is not '## [X.Y.Z] - YYYY-MM-DD'"
        version = tuple(int(part) for part in release["version"].split("."))
        found.append((version, datetime.date.fromisoformat(release["date"])))
    return found


def test_unreleased_comes_first_then_the_releases_newest_first() -> None:
    assert headings("##")[:1] == ["## [Unreleased]"], "CHANGELOG.md must open on [Unreleased]"
    found = releases()
    assert found, "CHANGELOG.md has no release"
    assert found == sorted(found, reverse=True), f"releases out of order: {found}"
    assert len({version for version, _ in found}) == len(found), "a version released twice"


def test_the_newest_release_is_the_package_version() -> None:
    newest = ".".join(map(str, releases()[0][0]))
    assert newest == dogrules.__version__, (
        f"the package says {dogrules.__version__} (src/dogrules/data/version.py) but the "
        f"newest release in CHANGELOG.md is {newest}: a release needs both"
    )


def test_changes_are_of_the_kinds_keep_a_changelog_names() -> None:
    odd = [h for h in headings("###") if h.removeprefix("### ") not in KINDS]
    assert odd == [], f"CHANGELOG.md: kinds of change not among {KINDS}: {odd}"


def test_every_version_has_its_link() -> None:
    text = CHANGELOG.read_text(encoding="utf-8")
    names = ["Unreleased", *(".".join(map(str, version)) for version, _ in releases())]
    missing = [name for name in names if f"\n[{name}]: " not in text]
    assert missing == [], f"CHANGELOG.md lacks the link reference of {missing}"
