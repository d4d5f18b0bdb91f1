"""Conformance: any DOG engine checks itself against the reference (docs/conformance.md).

* :mod:`~dogrules.conformance.vectors`, :mod:`~dogrules.conformance.perft` and
  :mod:`~dogrules.conformance.store`: the test vectors and perft counts shipped in
  ``specs/vectors`` (``dogrules vectors export`` / ``check``);
* :mod:`~dogrules.conformance.engines`: the engine under test as every check sees it, behind
  the stdio protocol or an adapter in-process, so both tools run the same checks;
* :mod:`~dogrules.conformance.client`, :mod:`~dogrules.conformance.compare`,
  :mod:`~dogrules.conformance.shrink` and :mod:`~dogrules.conformance.run`: ``dogrules
  conform``, which drives another engine over the stdio protocol;
* :mod:`~dogrules.conformance.adapter`, :mod:`~dogrules.conformance.strategies` (needs
  Hypothesis) and :mod:`~dogrules.conformance.pytest_plugin` (needs pytest): the same checks
  for an implementation in Python (``pip install 'dogrules[check]'``).

Nothing here is imported by ``import dogrules``.
"""
