"""A rule that leaves out "the entities and data that section 12(2) excludes" leaves out every
case section 12(2) lists, though another document of the lane holds that list: end to end
through the API, whichever document is loaded first, through a new version of the list's
document, and for documents stored before the reading (``manage.py rescope``)
(docs/design.md#applicability)."""

from __future__ import annotations

from typing import Any

import pytest

from audit.models import AuditEvent
from citenexus.domain.carried import LIST_MARK
from curation.models import Document, EvidenceUnit
from curation.services.rescope import rescope_all
from tests.integration.test_lane_jurisdiction_api import ask, cited, load_csv, upload

pytestmark = pytest.mark.django_db

CONTINUES = "It does not apply to the entities and data that section 12(2) excludes."
RIGHTS = f"""Section 14. Deleting personal data.

(a) This section applies to each company described in section 12(1). {CONTINUES}

(b) A company shall delete a consumer's personal data within 30 days after the consumer asks
it to.
"""
ITEMS = (
    "A state agency or a political subdivision of the state; Protected health information kept "
    'under the federal "Health Insurance Portability and Accountability Act"; A nonprofit '
    "organization"
)
DEFINITIONS = """Section 12. Scope of part.

(1) This part applies to a company that keeps the personal data of 100,000 consumers or more.

(2) This part does not apply to:
(a) A state agency or a political subdivision of the state;
(b) Protected health information kept under the federal "Health Insurance Portability and
Accountability Act"; or
(c) A nonprofit organization.
"""
CSV_ROWS = (
    "rights-14,controlling-statute,1,Section 14\ndefinitions-12,controlling-statute,1,Section 12\n"
)
NONPROFIT = (
    "I gave my personal data to a nonprofit organization. How many days does it have to delete "
    "my personal data after I ask?"
)
HIPAA = (
    "A clinic keeps my records under HIPAA. How many days does it have to delete my personal "
    "data after I ask?"
)
PLAIN = "How many days does a company have to delete my personal data after I ask?"


@pytest.fixture
def run(django_capture_on_commit_callbacks: Any) -> Any:
    return django_capture_on_commit_callbacks


def rule_scopes() -> set[str]:
    units = EvidenceUnit.objects.filter(document__document_id="rights-14", current=True)
    return {u.scope for u in units if "30 days" in u.text}


@pytest.fixture(params=["rule first", "list first"])
def lane_with_both(request: Any, api: Any, curator: Any, lane: Any, run: Any) -> Any:
    client = api(curator)
    order = [("rights-14", RIGHTS), ("definitions-12", DEFINITIONS)]
    for document_id, text in order if request.param == "rule first" else order[::-1]:
        upload(client, lane, document_id, text, run)
    load_csv(client, lane, CSV_ROWS)
    return lane


def test_the_rule_carries_the_cited_list_whichever_document_came_first(
    lane_with_both: Any,
) -> None:
    assert Document.objects.get(document_id="definitions-12").exclusion_lists == {
        "12(2)": ITEMS.split("; ")
    }
    assert rule_scopes() == {
        "This section applies to each company described in section 12(1).\n"
        f"{LIST_MARK}{CONTINUES}\n{LIST_MARK}[12(2)] {ITEMS}"
    }


@pytest.mark.parametrize(
    ("question", "named"),
    [(NONPROFIT, "nonprofit organization"), (HIPAA, "Protected health information kept")],
)
def test_a_question_about_a_listed_case_is_refused_naming_it(
    api: Any, reviewer: Any, lane_with_both: Any, question: str, named: str
) -> None:
    body = ask(api(reviewer), question)
    assert body["status"] == "refused", body["text"]
    assert body["refusal"]["code"] == "not_applicable"
    assert cited(body) == set()
    reasons = {row["document_id"]: row["reason"] for row in body["evidence"]["inapplicable"]}
    assert f"the question concerns {named}" in reasons["rights-14"], reasons


def test_a_question_about_no_listed_case_is_answered(
    api: Any, reviewer: Any, lane_with_both: Any
) -> None:
    body = ask(api(reviewer), PLAIN)
    assert body["status"] == "answered", body["refusal"]
    assert cited(body) == {"rights-14"}
    assert "30 days" in body["text"]


def test_a_new_version_of_the_list_s_document_relinks_the_rule(
    api: Any, curator: Any, lane_with_both: Any, run: Any
) -> None:
    client = api(curator)
    shorter = DEFINITIONS.split("(a) A state agency")[0] + "(a) A church.\n"
    upload(client, lane_with_both, "definitions-12", shorter, run)
    assert rule_scopes() == {
        "This section applies to each company described in section 12(1).\n"
        f"{LIST_MARK}{CONTINUES}\n{LIST_MARK}[12(2)] A church"
    }
    event = AuditEvent.objects.filter(action="document.new_version").latest("pk")
    assert event.details["linked_units"] == len(rule_scopes()) >= 1
    # The list is gone: so are its items, and the rule answers again.
    upload(
        client, lane_with_both, "definitions-12", "Section 12. Scope of part.\n\nRepealed.\n", run
    )
    assert rule_scopes() == {
        f"This section applies to each company described in section 12(1).\n{LIST_MARK}{CONTINUES}"
    }


def test_rescope_reads_the_lists_of_documents_stored_before_and_links_them(
    lane_with_both: Any,
) -> None:
    linked = rule_scopes()
    # As a release before this reading stored them: no lists, no linked lines.
    Document.objects.update(exclusion_lists={})
    for unit in EvidenceUnit.objects.filter(document__document_id="rights-14"):
        unit.scope = "\n".join(line for line in unit.scope.split("\n") if "[12(2)]" not in line)
        unit.save(update_fields=["scope"])

    report = rescope_all(actor="cli:ops", lane_slug=lane_with_both.slug)

    assert rule_scopes() == linked
    assert Document.objects.get(document_id="definitions-12").exclusion_lists
    assert report.units_changed >= 1 and report.units_reembedded == 0
    assert rescope_all(actor="cli:ops").units_changed == 0


@pytest.mark.django_db(transaction=True)
def test_linking_in_one_lane_waits_for_the_transaction_linking_before_it(lane: Any) -> None:
    # Two documents written at once, one citing a list the other holds, would each miss the
    # other's uncommitted rows: the second to link waits for the first to commit.
    import threading
    import time

    from django.db import connection, transaction

    from curation.services.references import _one_at_a_time

    order: list[str] = []
    holding = threading.Event()

    def first() -> None:
        with transaction.atomic():
            _one_at_a_time(lane.pk)
            holding.set()
            time.sleep(0.5)
            order.append("first commits")
        connection.close()

    thread = threading.Thread(target=first)
    thread.start()
    assert holding.wait(10)
    with transaction.atomic():
        _one_at_a_time(lane.pk)
        order.append("second links")
    thread.join(10)
    assert order == ["first commits", "second links"]
