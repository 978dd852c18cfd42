"""The answer page's signals panel reads as words, lists and tables with links, never as JSON.

A strict verify on a real lane whose answer has every structured signal: a source of another
jurisdiction (inapplicable), two sources that disagree on the days (conflicts), a blog below
the floor (withheld), and a judge whose endpoint is down (judges_failed).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from answers.models import Answer
from answers.services import answer_verify
from answers.signal_rows import signal_rows
from curation.bootstrap import reset
from curation.services.documents import document_ingest_text

pytestmark = pytest.mark.django_db

QUESTION = "How many days does a landlord have to return the security deposit?"
DOCUMENTS = [
    # document_id, text, source_type, authority
    (
        "ca-civ-1950-5",
        "Section 1950.5. A landlord shall return the security deposit to the tenant within "
        "21 days after the tenancy ends.",
        "documentary",
        {},
    ),
    (
        "housing-guide",
        "Housing guide. A landlord must return the security deposit within 14 days after the "
        "tenancy ends.",
        "documentary",
        {"authority_tier": "general-statute"},
    ),
    (
        "renters-blog",
        "Tenant blog. A landlord must return the security deposit within 21 days after the "
        "tenancy ends.",
        "conversational",
        {},
    ),
    (
        "tex-prop-92-103",
        "Tex. Prop. Code 92.103. In Texas a landlord shall return the security deposit to the "
        "tenant within 30 days after the tenancy ends.",
        "documentary",
        {"jurisdiction": "TX"},
    ),
]


@pytest.fixture
def down_llm_judge(settings: Any) -> Iterator[None]:
    """The optional LLM judge on, against a loopback port nothing listens on."""
    settings.CITENEXUS_LLM_JUDGE = True
    settings.CITENEXUS_LLM_BASE_URL = "http://127.0.0.1:9/v1"
    settings.CITENEXUS_LLM_MODEL = "m"
    reset()
    yield
    reset()


@pytest.fixture
def answer(reviewer: Any, lane: Any, down_llm_judge: None) -> Answer:
    for document_id, text, source_type, authority in DOCUMENTS:
        document_ingest_text(
            lane=lane,
            document_id=document_id,
            text=text,
            source_type=source_type,
            authority=authority,
            may_assert=True,
            actor="setup",
        )
    return answer_verify(
        lane=lane,
        question=QUESTION,
        mode="strict",
        actor="reviewer",
        user=reviewer,
        segments=[
            {
                "text": "A landlord shall return the security deposit to the tenant within 21 "
                "days after the tenancy ends.",
                "citations": ["ca-civ-1950-5#0"],
            },
            {
                "text": "A landlord must return the security deposit within 14 days after the "
                "tenancy ends.",
                "citations": ["housing-guide#0"],
            },
        ],
    )


def signals_panel(reviewer: Any, answer: Answer) -> str:
    client = Client()
    client.force_login(reviewer)
    html = client.get(f"/answers/{answer.pk}/").content.decode()
    start = html.index('id="signals-h"')
    return html[start : html.index("</section>", start)]


def test_the_answer_has_every_structured_signal(answer: Answer) -> None:
    evidence = answer.payload["evidence"]
    assert evidence["withheld"] == ["renters-blog"]
    assert [i["document_id"] for i in evidence["inapplicable"]] == ["tex-prop-92-103"]
    assert evidence["conflicts"] and evidence["conflicts"][0]["resolved_to"] == "21 days"
    assert [f["judge"] for f in evidence["judges_failed"]] == ["llm"]


def test_no_signal_renders_as_json(reviewer: Any, answer: Answer) -> None:
    panel = signals_panel(reviewer, answer)
    for blob in ('{"', "[{", '":', "{&quot;", "&quot;:", "[]", "{}"):
        assert blob not in panel, blob
    names = re.findall(r"<abbr[^>]*>(\w+)</abbr>", panel)
    assert {"withheld", "inapplicable", "conflicts", "judges_failed"} <= set(names)


def test_inapplicable_sources_are_a_table_linking_each_unit_with_its_reason(
    reviewer: Any, answer: Answer, lane: Any
) -> None:
    panel = signals_panel(reviewer, answer)
    (row,) = answer.payload["evidence"]["inapplicable"]
    link = (
        f'<a href="/lanes/{lane.slug}/documents/tex-prop-92-103/#u-0"><code>{row["key"]}</code></a>'
    )
    assert f"<tr><td>{link}</td><td>{escape(row['reason'])}</td></tr>" in panel


def test_conflicts_are_a_table_naming_the_value_that_prevailed(
    reviewer: Any, answer: Answer, lane: Any
) -> None:
    panel = signals_panel(reviewer, answer)
    (conflict,) = answer.payload["evidence"]["conflicts"]
    assert '<th scope="col">Matter</th>' in panel
    assert f"resolved to <strong>{conflict['resolved_to']}</strong>" in panel
    for value in conflict["values"]:
        document_id, ordinal = value["key"].split("#")
        url = f"/lanes/{lane.slug}/documents/{document_id}/#u-{ordinal}"
        assert f'<a href="{url}"><code>{value["key"]}</code></a> ({value["tier"]})' in panel
    assert f'overridden: <a href="/lanes/{lane.slug}/documents/housing-guide/#u-0">' in panel


def test_withheld_documents_and_failed_judges_are_lists(
    reviewer: Any, answer: Answer, lane: Any
) -> None:
    panel = signals_panel(reviewer, answer)
    assert (
        f'<li><a href="/lanes/{lane.slug}/documents/renters-blog/"><code>renters-blog</code></a>'
        " (<code>renters-blog#0</code>)"
    ) in panel
    assert ">secondary-blog</span></li>" in panel
    (failed,) = answer.payload["evidence"]["judges_failed"]
    assert f"<li><code>llm</code> erred on {failed['pairs']} pair" in panel


def test_a_structured_signal_no_rule_knows_still_becomes_a_table_of_words() -> None:
    rows = signal_rows(
        {"future_signal": [{"judge": "x", "detail": {"pairs": 2, "keys": ["a#1", "b#2"]}}]},
        lane_slug="ca-housing",
        withheld_detail=[],
    )
    (row,) = rows
    assert row["kind"] == "table"
    assert row["columns"] == ["judge", "detail"]
    assert row["cells"] == [["x", "pairs: 2; keys: a#1, b#2"]]
