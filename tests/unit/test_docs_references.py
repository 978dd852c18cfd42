"""Every reference a reader meets resolves inside the repository (docs/design.md#contents).

``scripts/check_spec_refs.py`` lists references to the specification that lived outside the
repository and citations of ``docs/design.md`` / ``docs/api.md`` anchors or headings that do not
exist. The repository must have none; and the checker must find each kind when it is there, or
the first test proves nothing. The outside names are assembled from pieces so that this file is
not itself a reference.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check_spec_refs.py"
OUTSIDE = "SPEC"
SECTION = "\u00a7"
API = "API"
SEED = "seed"
DESIGN = "docs/design" + ".md"


def run_check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(root)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_the_repository_cites_only_what_it_contains() -> None:
    result = run_check(ROOT)
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip().endswith("missing anchors: 0")


def test_the_checker_reports_each_kind_of_reference_with_what_to_cite(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "design.md").write_text(
        "# Design\n\n## Refusal codes\n\nSee [signals](#signals).\n", encoding="utf-8"
    )
    (tmp_path / "docs" / "api.md").write_text("# API\n\n## Errors\n", encoding="utf-8")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "rules.py").write_text(
        "\n".join(
            [
                f'"""The order of codes ({OUTSIDE} {SECTION}11.3)."""',
                f"# the error shape of {API}.md",
                f"# as the reference document {SEED} 003 says",
                f"# {DESIGN}#refusal-codes exists; {DESIGN}#no-such-anchor does not",
                f'# docs/api.md, "Errors" exists; {DESIGN}, "Nowhere" does not',
                "",
            ]
        ),
        encoding="utf-8",
    )
    result = run_check(tmp_path)
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert any(
        line.startswith("pkg/rules.py:1:") and "docs/design.md#refusal-codes" in line
        for line in lines
    )
    assert any(line.startswith("pkg/rules.py:2:") and "docs/api.md" in line for line in lines)
    assert any(
        line.startswith("pkg/rules.py:3:") and "docs/design.md#violations" in line for line in lines
    )
    assert "pkg/rules.py:4: no anchor #no-such-anchor in docs/design.md" in lines
    assert "pkg/rules.py:5: no heading 'Nowhere' in docs/design.md" in lines
    assert "docs/design.md:5: no anchor #signals in docs/design.md" in lines
    assert lines[-1].endswith("missing anchors: 6")
