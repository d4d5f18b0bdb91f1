"""Mutation testing of the rule modules: ``python -m tools.mutation`` (docs/dev/mutation.md).

:mod:`.sites` names a mutant's place by code and reads the table of equivalent mutants
(``equivalents.toml``; standard library only), :mod:`.run` makes the mutants with Cosmic Ray
and runs the tests against each, ``__main__`` is the command and its report.
"""
