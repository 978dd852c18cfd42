"""``make test`` on a fresh machine: scripts/ensure_chromium.sh installs Chromium or stops.

The script runs for real under /bin/sh with a PATH holding only stand-ins for ``id`` and
``apt-get``, so each case (root or not, apt-get able to install or not) is exercised without
touching the machine's packages.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ensure_chromium.sh"
NAMES_THE_PACKAGE = "Debian's package 'chromium'"


class Machine:
    def __init__(self, root: Path) -> None:
        self.bin = root / "bin"
        self.bin.mkdir()
        self.chromium = root / "usr-bin" / "chromium"
        self.apt_log = root / "apt.log"

    def user(self, uid: int) -> None:
        self._tool("id", f"echo {uid}")

    def apt_get(self, *, installs: bool) -> None:
        install = (
            f'mkdir -p "{self.chromium.parent}"; : > "{self.chromium}"; chmod +x "{self.chromium}"'
            if installs
            else "exit 100"
        )
        self._tool(
            "apt-get",
            f'echo "$*" >> "{self.apt_log}"\ncase "$*" in *install*) {install} ;; esac',
        )

    def has_chromium(self) -> None:
        self.chromium.parent.mkdir(parents=True, exist_ok=True)
        self.chromium.write_text("#!/bin/sh\n")
        self.chromium.chmod(0o755)

    def apt_calls(self) -> list[str]:
        return self.apt_log.read_text().splitlines() if self.apt_log.exists() else []

    def run(self, **env: str) -> subprocess.CompletedProcess[str]:
        # The stand-ins are themselves shell scripts: /bin for their mkdir and chmod only.
        path = f"{self.bin}:/bin" if (self.bin / "apt-get").exists() else str(self.bin)
        return subprocess.run(
            ["/bin/sh", str(SCRIPT)],
            env={"PATH": path, "CITENEXUS_CHROMIUM": str(self.chromium), **env},
            capture_output=True,
            text=True,
            timeout=30,
        )

    def _tool(self, name: str, body: str) -> None:
        tool = self.bin / name
        tool.write_text(f"#!/bin/sh\n{body}\n")
        tool.chmod(0o755)


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return Machine(tmp_path)


def test_nothing_happens_when_chromium_is_there(machine: Machine) -> None:
    machine.user(0)
    machine.apt_get(installs=True)
    machine.has_chromium()
    result = machine.run()
    assert (result.returncode, machine.apt_calls()) == (0, [])


def test_root_with_apt_installs_chromium_then_goes_on(machine: Machine) -> None:
    machine.user(0)
    machine.apt_get(installs=True)
    result = machine.run()
    assert result.returncode == 0, result.stderr
    assert machine.apt_calls() == ["update -qq", "install -y -qq chromium"]
    assert machine.chromium.exists()


def test_a_failed_install_stops_naming_the_package(machine: Machine) -> None:
    machine.user(0)
    machine.apt_get(installs=False)
    result = machine.run()
    assert result.returncode == 1
    assert NAMES_THE_PACKAGE in result.stderr and "CITENEXUS_SKIP_BROWSER=1" in result.stderr


def test_without_root_it_stops_naming_the_package_and_installs_nothing(machine: Machine) -> None:
    machine.user(1000)
    machine.apt_get(installs=True)
    result = machine.run()
    assert result.returncode == 1
    assert NAMES_THE_PACKAGE in result.stderr
    assert machine.apt_calls() == []


def test_without_apt_get_it_stops_naming_the_package(machine: Machine) -> None:
    machine.user(0)
    result = machine.run()
    assert result.returncode == 1
    assert NAMES_THE_PACKAGE in result.stderr


def test_skipping_the_journeys_takes_the_explicit_variable(machine: Machine) -> None:
    machine.user(0)
    machine.apt_get(installs=True)
    result = machine.run(CITENEXUS_SKIP_BROWSER="1")
    assert result.returncode == 0
    assert "skipped" in result.stdout
    assert machine.apt_calls() == []
    assert machine.run(CITENEXUS_SKIP_BROWSER="0").returncode == 0  # not a skip: installs
    assert machine.apt_calls() == ["update -qq", "install -y -qq chromium"]
