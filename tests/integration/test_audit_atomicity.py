"""An audited change and its event commit together or not at all (failing each half)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import DatabaseError, transaction

from audit import services
from audit.chain import verify_chain
from audit.hashing import ERR_NUL
from audit.models import AuditEvent
from curation.models import Lane
from curation.services.lanes import lane_create, lane_update

pytestmark = pytest.mark.django_db


class Boom(Exception):
    pass


def test_a_service_that_fails_after_recording_leaves_neither_change_nor_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def record_then_fail(**kwargs: Any) -> Any:
        services.audit_record(**kwargs)
        raise Boom

    monkeypatch.setattr("curation.services.lanes.audit_record", record_then_fail)
    with pytest.raises(Boom):
        lane_create(actor="boss", slug="tx-housing", name="Texas")
    assert not Lane.objects.filter(slug="tx-housing").exists()
    assert not AuditEvent.objects.exists()


def test_a_caller_transaction_that_fails_later_takes_the_event_with_it() -> None:
    with pytest.raises(Boom), transaction.atomic():
        lane_create(actor="boss", slug="tx-housing", name="Texas")
        raise Boom
    assert not Lane.objects.exists()
    assert not AuditEvent.objects.exists()


def test_an_event_that_cannot_be_encoded_rolls_the_change_back(
    lane: Lane, monkeypatch: pytest.MonkeyPatch
) -> None:
    events_before = AuditEvent.objects.count()
    monkeypatch.setattr(
        "curation.services.lanes.lane_snapshot", lambda ln: {"name": ln.name + "\x00"}
    )
    with pytest.raises(ValueError, match=re.escape(ERR_NUL)):
        lane_update(actor="boss", lane=lane, name="Renamed")
    assert Lane.objects.get(pk=lane.pk).name == "California housing law"
    assert AuditEvent.objects.count() == events_before


def test_a_database_error_while_recording_rolls_the_change_back(
    lane: Lane, monkeypatch: pytest.MonkeyPatch
) -> None:
    events_before = AuditEvent.objects.count()

    def failing_insert(self: AuditEvent, *args: Any, **kwargs: Any) -> None:
        raise DatabaseError("injected")

    monkeypatch.setattr(AuditEvent, "save", failing_insert)
    with pytest.raises(DatabaseError, match="injected"):
        lane_update(actor="boss", lane=lane, minimum_tier="statute")
    assert Lane.objects.get(pk=lane.pk).minimum_tier == "general-statute"
    assert AuditEvent.objects.count() == events_before


def test_a_successful_change_and_its_event_commit_together(lane: Lane) -> None:
    lane_update(actor="boss", lane=lane, minimum_tier="statute")
    event = AuditEvent.objects.get(action="lane.policy_change")
    assert event.details["after"]["minimum_tier"] == "statute"
    assert Lane.objects.get(pk=lane.pk).minimum_tier == "statute"
    assert verify_chain().ok
