"""The pytest plugin of ``dogrules[check]`` (entry point ``pytest11``): check another Python
implementation of the DOG rules against the reference in its own test suite.

Name its adapter (an :class:`~dogrules.conformance.adapter.EngineAdapter`, or a callable
that makes one) with ``--dog-engine=package.module:name`` or the ini option ``dog_engine``;
then tests may ask for

* ``dog_engine``: that adapter (the reference's own, ``ReferenceAdapter``, when none is
  named, so the plugin checks itself);
* ``dog_vector``: each shipped test vector in turn (the test is parametrized over them; only
  those of ``--dog-variant`` when given), to pass to ``vector_differences``;
* ``dog_check``: each check ``dogrules conform`` makes at its default settings in turn (every
  vector, the seeded random games, the perft positions with their divide; only those of
  ``--dog-variant`` when given), to pass to :func:`check_differences`, which runs it exactly
  as ``dogrules conform`` does: the same checks, the same findings, the same short reports.

The plugin imports neither Hypothesis nor the user's engine until a test asks for them.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from dogrules.model.extras import missing_extra

try:
    import pytest
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("check", "dogrules.conformance.pytest_plugin", exc) from exc

from dogrules.conformance.adapter import EngineAdapter, ReferenceAdapter
from dogrules.conformance.engines import AdapterEngine
from dogrules.conformance.run import Check, Settings, checks, run_check, shrunk
from dogrules.conformance.store import read_form, shipped_dir
from dogrules.conformance.vectors import all_forms
from dogrules.model.jsonvalue import JSONValue

__all__ = ["check_differences", "load_adapter"]

ENGINE_OPTION = "dog_engine"
VARIANT_OPTION = "dog_variant"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("dogrules", "checking a DOG engine against the reference")
    group.addoption(
        "--dog-engine",
        dest=ENGINE_OPTION,
        help="module:name of the EngineAdapter (or a callable making one) to check",
    )
    group.addoption(
        "--dog-variant",
        dest=VARIANT_OPTION,
        action="append",
        help="only the test vectors of this variant (repeatable)",
    )
    parser.addini(ENGINE_OPTION, "module:name of the EngineAdapter to check")


def load_adapter(spec: str) -> EngineAdapter[object]:
    """The adapter ``module:name`` names (called first when it is a class or function)."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise pytest.UsageError(f"--dog-engine: expected module:name, got {spec!r}")
    found: object = getattr(importlib.import_module(module_name), attribute)
    made = found() if callable(found) else found
    # The user's object is trusted to be an adapter: a Protocol cannot be checked at run time
    # beyond its method names, and its state type is the user's own.
    return made  # type: ignore[return-value]


@pytest.fixture(scope="session")
def dog_engine(pytestconfig: pytest.Config) -> EngineAdapter[object]:
    """The engine under test (the reference's own adapter when none is named)."""
    spec = pytestconfig.getoption(ENGINE_OPTION) or pytestconfig.getini(ENGINE_OPTION)
    if not spec:
        # An adapter of State, offered as one of some state type (the Protocol is invariant).
        return ReferenceAdapter()  # type: ignore[return-value]
    return load_adapter(str(spec))


def check_differences(
    adapter: EngineAdapter[object], check: Check, settings: Settings | None = None
) -> list[str]:
    """How ``adapter`` disagrees with the reference on ``check`` (a ``dog_check``): the
    report ``dogrules conform`` gives, a paragraph per disagreement (the first few shrunk
    to a smaller position where they persist); empty when it agrees."""
    settings = Settings() if settings is None else settings
    engine = AdapterEngine(adapter)
    found = [d for position in run_check(engine, check, settings) for d in position]
    if settings.shrink:
        found = shrunk(engine, found, settings)
    return [d.describe() for d in found]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    wanted = metafunc.config.getoption(VARIANT_OPTION) or None
    if "dog_check" in metafunc.fixturenames:
        made = list(checks(Settings(variants=None if wanted is None else tuple(wanted))))
        metafunc.parametrize("dog_check", made, ids=[c.name for c in made])
    if "dog_vector" not in metafunc.fixturenames:
        return
    vectors: list[Mapping[str, JSONValue]] = [
        entry
        for form in all_forms()
        if wanted is None or form.variant in wanted
        for entry in read_form(shipped_dir(), form)[1]
    ]
    metafunc.parametrize("dog_vector", vectors, ids=[str(v.get("id")) for v in vectors])
