"""The private Ray instance of tests/test_simulate_ray.py, started early under pytest-xdist.

Starting Ray takes seconds, most of them waiting (its GCS, raylet and first worker coming up).
Under pytest-xdist the controller process has nothing to do while the workers start and
collect, so it starts the instance then (:func:`start`): a child Python process is the driver
that starts it, writes its address to a file whose path the workers inherit in
``DOGRULES_TEST_RAY``, and shuts it down when the controller closes its standard input at the
end of the run (:func:`stop`). The worker that runs the Ray tests connects to it (where
:func:`address` says) instead of starting one; without pytest-xdist, or when the Ray tests are
not among those asked for, the fixture starts its own as before. Under the everyday
``default`` profile the Ray tests skip (see tests/test_simulate_ray.py), and no instance is
started at all. Either way the tests run on a real local Ray instance of one CPU.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path

import pytest

from budgets import PROFILE

VARIABLE = "DOGRULES_TEST_RAY"
# Whether the Ray tests run in this profile: not in the everyday suite (see
# tests/test_simulate_ray.py), so no instance is started for it either.
PROFILED = PROFILE != "default"
EVERYDAY_SKIP = "Ray's start (some 10 CPU-seconds) is left to the ci profile: HYPOTHESIS_PROFILE=ci"
MODULE = Path(__file__).with_name("test_simulate_ray.py")
STARTUP = 180  # seconds a worker waits for the instance to come up (a loaded machine)
FAILED = "failed: "
# The driver: start the instance, say where it is (or why not), hold it until stdin closes.
DRIVER = f"""import sys
try:
    import ray
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
except BaseException as exc:
    print({FAILED!r}, repr(exc).replace(chr(10), " "), flush=True)
    raise
print(ray.get_runtime_context().gcs_address, flush=True)
sys.stdin.read()
ray.shutdown()
"""

_driver: subprocess.Popen[bytes] | None = None


def _wanted(config: pytest.Config) -> bool:
    """Whether this is a pytest-xdist controller whose run includes the Ray tests."""
    if not PROFILED:
        return False
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return False
    if config.option.collectonly or config.option.keyword or config.option.markexpr:
        return False
    if find_spec("ray") is None:
        return False
    here = config.invocation_params.dir
    asked = [(here / str(arg).split("::")[0]).resolve() for arg in config.args]
    return any(MODULE.is_relative_to(path) for path in asked)


def start(config: pytest.Config) -> None:
    """On a pytest-xdist controller about to run the Ray tests, start the instance in the
    background; the workers, spawned after, find its address file in the environment."""
    global _driver
    if not _wanted(config):
        return
    # A new local instance turns Ray's token authentication on by itself (Ray 2.5x); a
    # process connecting to it only sends the token (~/.ray/auth_token) in token mode.
    os.environ.setdefault("RAY_AUTH_MODE", "token")
    handle, name = tempfile.mkstemp(prefix="dogrules-ray-", suffix=".address")
    _driver = subprocess.Popen(
        [sys.executable, "-c", DRIVER],
        stdin=subprocess.PIPE,
        stdout=handle,
        stderr=subprocess.DEVNULL,
    )
    os.close(handle)
    os.environ[VARIABLE] = name


def stop() -> None:
    """Shut the instance down (its driver does, when its input closes) and forget it."""
    global _driver
    if _driver is None:
        return
    assert _driver.stdin is not None
    _driver.stdin.close()
    try:
        _driver.wait(timeout=60)
    except subprocess.TimeoutExpired:
        _driver.kill()
        _driver.wait()
    Path(os.environ.pop(VARIABLE)).unlink(missing_ok=True)
    _driver = None


def address() -> str | None:
    """The address of the instance the controller started, once it is up (None if it started
    none); fails if it cannot start or does not come up in time."""
    name = os.environ.get(VARIABLE)
    if not name:
        return None
    deadline = time.monotonic() + STARTUP
    while not (written := Path(name).read_text(encoding="utf-8")).endswith("\n"):
        assert time.monotonic() < deadline, f"the early Ray instance did not start ({name})"
        time.sleep(0.1)
    if written.startswith(FAILED):
        pytest.fail(f"the early Ray instance did not start: {written}")
    return written.strip()
