"""The benchmarks of dogrules, one command: ``python -m benchmarks NAME [options]``.

NAME is ``playouts``, ``positions``, ``protocol``, ``instructions``, ``worst-case`` or
``scaling``; every one measures the engine under ``--source`` (this checkout's ``src`` by
default) and, with ``--against REF``, another (a checkout's ``src`` or a git ref), both in the
same run, and prints one table of medians and their ratio (``--json OUT``: the same as JSON).
docs/dev/benchmarks.md describes each one.
"""
