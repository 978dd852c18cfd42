"""manage.py verify_audit and audit_checkpoint."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from audit.management.commands import audit_checkpoint as checkpoint_cmd
from audit.management.commands import verify_audit as verify_cmd
from audit.models import AuditCheckpoint
from tests.integration.test_audit_chain import record, tamper
from tests.integration.test_mcp_support import ROOT, server_env

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_an_intact_chain_passes_and_prints_its_head() -> None:
    events = record(3)
    assert run("verify_audit").strip() == verify_cmd.MSG_OK.format(
        events=3, checkpoints=0, head=events[-1].hash
    )


def test_json_output_carries_the_api_fields_and_the_time_taken() -> None:
    record(2)
    data = json.loads(run("verify_audit", "--json"))
    assert (data["ok"], data["events"], data["first_bad_id"]) == (True, 2, None)
    assert data["seconds"] >= 0


@pytest.mark.django_db(transaction=True)  # tamper() is another session
def test_a_tampered_event_fails_the_command_naming_it() -> None:
    events = record(3)
    tamper("UPDATE audit_auditevent SET details = '{}' WHERE id = %s", [events[1].pk])
    with pytest.raises(CommandError) as caught:
        run("verify_audit")
    assert str(caught.value) == verify_cmd.MSG_BAD_EVENT.format(
        id=events[1].pk, reason="fields_changed", events=1
    )


@pytest.mark.django_db(transaction=True)  # tamper() is another session
def test_a_removed_tail_fails_against_an_exported_head() -> None:
    events = record(3)
    tamper("DELETE FROM audit_auditevent WHERE id = %s", [events[2].pk])
    with pytest.raises(CommandError) as caught:
        run("verify_audit", "--expect-head", events[2].hash)
    assert str(caught.value) == verify_cmd.MSG_HEAD_MISSING.format(head=events[2].hash)
    assert "ok" in run("verify_audit", "--expect-head", events[1].hash)


@pytest.mark.django_db(transaction=True)  # tamper() is another session
def test_a_checkpoint_whose_event_is_gone_fails_the_command() -> None:
    events = record(2)
    run("audit_checkpoint")
    cp = AuditCheckpoint.objects.get()
    tamper("DELETE FROM audit_auditevent WHERE id = %s", [events[-1].pk])
    with pytest.raises(CommandError) as caught:
        run("verify_audit")
    assert str(caught.value) == verify_cmd.MSG_BAD_CHECKPOINT.format(
        id=cp.pk, reason="checkpoint_head"
    )


def test_audit_checkpoint_signs_the_head_and_prints_it() -> None:
    events = record(2)
    out = run("audit_checkpoint")
    cp = AuditCheckpoint.objects.get()
    assert (cp.event_id, cp.events, cp.head_hash) == (events[-1].pk, 2, events[-1].hash)
    assert cp.signature in out


def test_audit_checkpoint_on_an_empty_log_says_so() -> None:
    assert run("audit_checkpoint").strip() == checkpoint_cmd.MSG_EMPTY
    assert not AuditCheckpoint.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.django_db(transaction=True)  # tamper() is another session
def test_the_command_run_as_a_process_exits_non_zero_naming_the_tampered_event() -> None:
    # What an operator runs: a separate process on the same (committed) database.
    events = record(3)
    tamper("UPDATE audit_auditevent SET actor = 'mallory' WHERE id = %s", [events[1].pk])
    done = subprocess.run(
        [sys.executable, "manage.py", "verify_audit"],
        cwd=ROOT,
        env=server_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    message = verify_cmd.MSG_BAD_EVENT.format(id=events[1].pk, reason="fields_changed", events=1)
    assert message in done.stderr, done.stderr[-2000:]
    ok = subprocess.run(
        [sys.executable, "manage.py", "verify_audit", "--json"],
        cwd=ROOT,
        env=server_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ok.returncode != 0 and json.loads(ok.stdout)["first_bad_id"] == events[1].pk
