"""The pytest plugin of ``dogrules[check]`` (entry point ``pytest11``): check another Python
implementation of the DOG rules against the reference in its own test suite.

Name its adapter (an :class:`~dogrules.conformance.adapter.EngineAdapter`, or a callable
that makes one) with ``--dog-engine=package.module:name`` or the ini option ``dog_engine``;
then tests may ask for

* ``dog_engine``: that adapter (the reference's own, ``ReferenceAdapter``, when none is
  named, so the plugin checks itself);
* ``dog_vector``: each shipped test vector in turn (the test is parametrized over them; only
  those of ``--dog-variant`` when given), to pass to ``vector_differences``.

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
from dogrules.conformance.store import read_form, shipped_dir
from dogrules.conformance.vectors import all_forms
from dogrules.model.jsonvalue import JSONValue

__all__ = ["load_adapter"]

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


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "dog_vector" not in metafunc.fixturenames:
        return
    wanted = metafunc.config.getoption(VARIANT_OPTION) or None
    vectors: list[Mapping[str, JSONValue]] = [
        entry
        for form in all_forms()
        if wanted is None or form.variant in wanted
        for entry in read_form(shipped_dir(), form)[1]
    ]
    metafunc.parametrize("dog_vector", vectors, ids=[str(v.get("id")) for v in vectors])
