"""The error for a module of an optional extra imported without the extra: an ImportError
(ModuleNotFoundError, naming the missing package as Python does) whose message says which
``pip install 'dogrules[EXTRA]'`` brings it."""

from __future__ import annotations

from dogrules.model.errors import DogRulesError

__all__ = ["MissingExtra", "missing_extra"]


class MissingExtra(DogRulesError, ModuleNotFoundError):
    """An optional extra is not installed; the message says what to install, ``name`` is the
    missing package (as on any ModuleNotFoundError)."""


def missing_extra(extra: str, module: str, missing: ModuleNotFoundError) -> MissingExtra:
    """The error for importing dogrules' ``module`` without the extra ``extra``, whose
    package ``missing.name`` was not found."""
    package = (missing.name or "a package").split(".")[0]
    return MissingExtra(
        f"{module} needs the optional extra {extra!r} ({package} is not installed): "
        f"pip install 'dogrules[{extra}]'",
        name=missing.name,
    )
