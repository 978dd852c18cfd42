"""Start the app under uvicorn for a benchmark and wait until it answers /healthz."""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_healthy(command: list[str], port: int, timeout: float = 120) -> subprocess.Popen[bytes]:
    """Run ``command`` (a server on ``port``) from the project root; return once it is healthy."""
    server = subprocess.Popen(command, cwd=ROOT, env=dict(os.environ))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"uvicorn exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                if r.status == 200:
                    return server
        except OSError:
            time.sleep(0.3)
    server.terminate()
    raise SystemExit(f"uvicorn did not become healthy within {timeout:.0f} s")
