"""Start, watch and kill real ``celery -A citenexus_web worker`` processes for the tests and
the benchmarks (``scripts/bench_scale.py``), on a private Redis database.

Every worker runs in its own process group so a test can kill it outright (SIGKILL to the
group, as a crashed machine would) or kill only its pool child (as the OOM killer would), and
the finaliser can always clean up whatever is left.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import zlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, TypeVar

ROOT = Path(__file__).resolve().parents[1]
REDIS_HOST = "127.0.0.1"
REDIS_PORT = 6379
# Worker connections to PostgreSQL carry this name so a test can end the ones a killed worker left.
WORKER_APPLICATION_NAME = "citenexus-test-worker"

ERR_TIMEOUT = "timed out after {timeout:.0f}s waiting for {what}"
ERR_WORKER_EXITED = "the worker exited with code {code} before it was ready:\n{log}"

T = TypeVar("T")


def redis_url(db: int) -> str:
    return f"redis://{REDIS_HOST}:{REDIS_PORT}/{db}"


def private_redis_db(name: str) -> int:
    """A Redis database number for one test run, derived from its test database name.

    Database 0 is left to developers' own workers; ``CITENEXUS_TEST_REDIS_DB`` overrides the choice.
    """
    override = os.environ.get("CITENEXUS_TEST_REDIS_DB")
    if override:
        return int(override)
    return 1 + zlib.crc32(name.encode()) % 15


def redis_available(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def flush_redis(url: str) -> None:
    import redis

    redis.Redis.from_url(url, socket_connect_timeout=2).flushdb()


def wait_until(
    predicate: Callable[[], T], *, timeout: float, what: str, interval: float = 0.1
) -> T:
    """Poll until ``predicate`` returns something truthy and return it; fail after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(ERR_TIMEOUT.format(timeout=timeout, what=what))
        time.sleep(interval)


def base_env(**overrides: str) -> dict[str, str]:
    """The current environment without the variables that would point a child elsewhere."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "CITENEXUS_DB_NAME",
            "CITENEXUS_DATA_DIR",
            "CITENEXUS_FAULT_ITEM_DELAY",
            "CELERY_VISIBILITY_TIMEOUT",
            "CELERY_UNACKED_RESTORE_INTERVAL",
            "CELERY_UNACKED_RESTORE_THROTTLE",
            "DJANGO_SETTINGS_MODULE",
        }
    }
    env["PYTHONUNBUFFERED"] = "1"
    env["HF_HUB_OFFLINE"] = "1"
    # The worker runs this checkout's code, whatever tree an editable install of the shared
    # virtualenv points at (celery puts the working directory on the path only for the app).
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.update(overrides)
    return env


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name may hold spaces or brackets; the fields after its last ')' do not.
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return sorted(found)


class Worker:
    """One worker process (a prefork main process and its pool children)."""

    def __init__(self, name: str, proc: subprocess.Popen[bytes], log_path: Path, log: IO[bytes]):
        self.name = name
        self.proc = proc
        self.log_path = log_path
        self._log = log

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def wait_ready(self, timeout: float = 30.0) -> None:
        def ready() -> bool:
            if not self.alive():
                raise AssertionError(
                    ERR_WORKER_EXITED.format(code=self.proc.returncode, log=self.log()[-3000:])
                )
            return " ready." in self.log()

        wait_until(ready, timeout=timeout, what=f"worker {self.name} to be ready")

    def pool_children(self) -> list[int]:
        return _children(self.pid)

    def kill_pool_child(self) -> int:
        """SIGKILL one pool process (the one running the task when concurrency is 1)."""
        children = wait_until(self.pool_children, timeout=5, what="a pool child")
        os.kill(children[0], signal.SIGKILL)
        return children[0]

    def kill(self) -> None:
        """SIGKILL the whole worker at once: no warm shutdown, no acknowledgement, no cleanup."""
        self._signal_group(signal.SIGKILL)
        self._reap(5.0)

    def stop(self, timeout: float = 10.0) -> None:
        """A warm shutdown (SIGTERM), then SIGKILL if the worker does not leave in time."""
        if self.alive():
            self._signal_group(signal.SIGTERM)
            if not self._reap(timeout):
                self._signal_group(signal.SIGKILL)
                self._reap(5.0)
        else:
            self._signal_group(signal.SIGKILL)  # orphaned pool children, if any
        self._log.close()

    def _signal_group(self, sig: signal.Signals) -> None:
        with suppress(ProcessLookupError):
            os.killpg(self.pid, sig)

    def _reap(self, timeout: float) -> bool:
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        return True


def start_celery(args: list[str], env: Mapping[str, str], *, name: str, log_dir: Path) -> Worker:
    """Start ``celery <args>`` with ``env`` in its own session; its output goes to a log file."""
    celery = Path(sys.executable).parent / "celery"
    command = [str(celery)] if celery.exists() else [sys.executable, "-m", "celery"]
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / f"{name}.log"
    log = log_path.open("wb")
    proc = subprocess.Popen(
        [*command, *args],
        cwd=ROOT,
        env={**env, "PGAPPNAME": WORKER_APPLICATION_NAME},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    return Worker(name, proc, log_path, log)


def start_worker(
    env: Mapping[str, str], *, name: str, log_dir: Path, concurrency: int = 1
) -> Worker:
    """Start ``celery -A citenexus_web worker`` with ``env``; its output goes to a log file."""
    args = [
        "-A",
        "citenexus_web",
        "worker",
        "--pool=prefork",
        f"--concurrency={concurrency}",
        "--without-mingle",
        "--without-gossip",
        "--without-heartbeat",
        "--loglevel=INFO",
        f"--hostname={name}@%h",
    ]
    return start_celery(args, env, name=name, log_dir=log_dir)


class WorkerPool:
    """Every worker a test started, so one finaliser stops them all."""

    def __init__(self, env: Mapping[str, str], log_dir: Path) -> None:
        self.env = dict(env)
        self.log_dir = log_dir
        self.workers: list[Worker] = []

    def start(self, *, concurrency: int = 1, ready: bool = True, **env: str) -> Worker:
        name = f"w{len(self.workers) + 1}-{os.getpid()}"
        worker = start_worker(
            {**self.env, **env}, name=name, log_dir=self.log_dir, concurrency=concurrency
        )
        self.workers.append(worker)
        if ready:
            worker.wait_ready()
        return worker

    def stop_all(self) -> None:
        # Ask them all to leave at once; each warm shutdown takes a second or two.
        for worker in self.workers:
            if worker.alive():
                worker._signal_group(signal.SIGTERM)
        for worker in self.workers:
            worker.stop()

    def logs(self) -> str:
        return "\n".join(f"--- {w.name}\n{w.log()[-4000:]}" for w in self.workers)


@contextmanager
def worker_pool(env: Mapping[str, str], log_dir: Path) -> Iterator[WorkerPool]:
    pool = WorkerPool(env, log_dir)
    try:
        yield pool
    finally:
        pool.stop_all()
