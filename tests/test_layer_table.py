"""The one table of layers (docs/architecture.md, "Layers") is the package as it is: it names
every top-level package of src/dogrules/ and no other, in the order of the layers whose
imports tests/test_layers.py enforces (its LAYERS, the one list of that order)."""

from __future__ import annotations

import re
from pathlib import Path

import dogrules
from test_layers import LAYERS

ARCHITECTURE = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
PACKAGE = Path(dogrules.__file__).parent
# A row of the table: | `name/` | what it is for |
ROW = re.compile(r"^\|\s*`(?P<name>[a-z_]+)/`\s*\|")


def table_of_layers() -> list[str]:
    """The packages the table of the architecture page's "Layers" section names, in order."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    return [row["name"] for row in map(ROW.match, section.splitlines()) if row is not None]


def test_the_table_names_every_package_and_no_other() -> None:
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    named = table_of_layers()
    assert len(named) == len(set(named)), f"docs/architecture.md names a layer twice: {named}"
    assert not packages - set(named), (
        f"docs/architecture.md's table of layers lacks {sorted(packages - set(named))}"
    )
    assert not set(named) - packages, (
        f"docs/architecture.md's table of layers names {sorted(set(named) - packages)}, "
        "which src/dogrules/ has no package of"
    )


def test_the_table_lists_the_layers_in_the_order_imports_may_go() -> None:
    assert table_of_layers() == list(LAYERS), (
        "docs/architecture.md's table of layers is out of the order tests/test_layers.py "
        f"enforces (each layer imports only those before it): {list(LAYERS)}"
    )
