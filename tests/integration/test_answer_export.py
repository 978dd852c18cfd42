"""An answer exported as a Markdown memo (docs/api.md#answer-export), from the page and the API.

A real lane in PostgreSQL: a PDF act (the deposit rule on page 3), a weaker guide that states
another value, a blog below the floor and a Texas statute. A reviewer's draft verified in strict
mode keeps one claim (p. 3), hedges one that cites nothing and drops the guide's value; the
floor withholds the blog and the Texas statute does not apply.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from markdown_it import MarkdownIt

from answers.explain import REFUSAL_MEANINGS, STATUS_MEANINGS, VIOLATION_MEANINGS
from answers.models import Answer
from answers.services import answer_ask, answer_verify
from curation.models import Document, EvidenceUnit, Job
from curation.services.authority import document_tier_set
from curation.services.documents import document_ingest_text
from tests.conftest import LEGAL_ORDER
from tests.fixtures.pdfs import build_act_pdf

pytestmark = pytest.mark.django_db

QUESTION = "How many days does a landlord have to return the security deposit?"
ACT_TITLE = "Residential Tenancies Act 2024"
BLOG_TITLE = "Renters' *blog* | [tips] <b>1. read me</b>"
BLOG = "Tenant blog. A landlord must return the security deposit within 21 days after the tenancy ends."
GUIDE = "Housing guide. A landlord must return the security deposit within 14 days after the tenancy ends."
TEXAS = (
    "Tex. Prop. Code 92.103. In Texas a landlord shall return the security deposit to the "
    "tenant within 30 days after the tenancy ends."
)
KEPT = "A landlord shall return the security deposit to the tenant within 21 days after the tenancy ends."
HEDGED = "A landlord who fails to return the deposit forfeits any right to withhold it."
DROPPED = "A landlord must return the security deposit within 14 days after the tenancy ends."


@pytest.fixture
def deposit_lane(
    api: Any,
    curator: Any,
    lane: Any,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    tmp_path: Any,
) -> str:
    """The lane's documents; returns the key of the act's deposit unit (on page 3)."""
    settings.CITENEXUS_PAGE_CACHE_DIR = tmp_path / "page-images"
    with django_capture_on_commit_callbacks(execute=True):
        response = api(curator).post(
            f"/api/lanes/{lane.slug}/documents/",
            {
                "file": [SimpleUploadedFile("act.pdf", build_act_pdf())],
                "document_id": "rta-2024",
                "source_type": "documentary",
                "title": ACT_TITLE,
            },
            format="multipart",
        )
    assert response.status_code == 202, response.json()
    assert Job.objects.get(pk=response.json()["job"]["id"]).status == "done"
    for document_id, text, source_type, title, authority in (
        ("renters-blog", BLOG, "conversational", BLOG_TITLE, {}),
        ("housing-guide", GUIDE, "documentary", "", {"authority_tier": "general-statute"}),
        (
            "tex-prop-92-103",
            TEXAS,
            "documentary",
            "Texas Property Code 92.103",
            {"jurisdiction": "TX"},
        ),
    ):
        document_ingest_text(
            lane=lane,
            document_id=document_id,
            text=text,
            source_type=source_type,
            actor="setup",
            title=title,
            authority=authority,
            may_assert=True,
        )
    unit = EvidenceUnit.objects.get(
        document__document_id="rta-2024", current=True, text__contains="21 days"
    )
    return f"rta-2024#{unit.ordinal}"


@pytest.fixture
def verified(reviewer: Any, lane: Any, deposit_lane: str) -> Answer:
    """The reviewer's draft, verified in strict mode."""
    return answer_verify(
        lane=lane,
        question=QUESTION,
        mode="strict",
        actor="reviewer",
        user=reviewer,
        segments=[
            {"text": KEPT, "citations": [deposit_lane]},
            {"text": HEDGED, "citations": []},
            {"text": DROPPED, "citations": ["housing-guide#0"]},
        ],
    )


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def headings(memo: str) -> list[str]:
    tokens = MD.parse(memo)
    return [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]


def test_the_memo_of_a_strict_answer_holds_every_element(
    api: Any, reviewer: Any, verified: Answer, deposit_lane: str
) -> None:
    response = api(reviewer).get(f"/api/answers/{verified.pk}/export.md")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/markdown; charset=utf-8"
    memo = response.content.decode()
    claims = verified.payload["claims"]
    assert [c["status"] for c in claims] == ["kept", "hedged", "dropped"]
    assert headings(memo) == [
        f"Answer {verified.pk}: {QUESTION}",
        "Answer",
        "Claims",
        "Claim 1: kept",
        "Claim 2: hedged",
        "Claim 3: dropped",
        "Withheld sources",
        "Sources that do not apply",
        "Conflicts",
        "Policy the answer was computed under",
        "Signals",
    ]
    html = MD.render(memo)
    # Status, permalink, the composed text with its page, and each claim with its status.
    assert "<strong>Status:</strong> answered" in html
    permalink = f"http://testserver/answers/{verified.pk}/"
    assert f'<strong>Permalink:</strong> <a href="{permalink}">{permalink}</a>' in html
    assert f"[{deposit_lane}, p. 3]" in html
    for claim in claims:
        assert f"<blockquote>\n<p>{claim['text']}</p>" in html
        assert f"<strong>Status:</strong> {STATUS_MEANINGS[claim['status']]}" in html
    # The kept claim's citation: title, tier, jurisdiction (the lane's) and page.
    assert (
        f"<li><code>{deposit_lane}</code> — {ACT_TITLE} · tier statute · "
        "jurisdiction CA, from the lane · p. 3 — supports the claim</li>"
    ) in html
    # The hedged claim: its caveat and violation.
    assert f"<strong>Caveat:</strong> {claims[1]['caveat']}" in html
    assert f"uncited, major: {VIOLATION_MEANINGS['uncited']}" in html
    # Withheld by the floor: the blog, its title printed as written (escaped, not formatted).
    withheld = html[html.index("<h2>Withheld sources</h2>") : html.index("<h2>Sources that")]
    shown_title = BLOG_TITLE.replace("<", "&lt;").replace(">", "&gt;")
    assert f"<li><code>renters-blog#0</code> — {shown_title} · tier secondary-blog" in withheld
    assert "<em>" not in html and "<b>" not in html and "<table>" not in html
    # Inapplicable with its reason; the conflict and who won.
    (inapplicable,) = verified.payload["evidence"]["inapplicable"]
    assert (
        f"Texas Property Code 92.103 · tier statute · jurisdiction TX: {inapplicable['reason']}"
        in html
    )
    assert "14 days in <code>housing-guide#0</code> (general-statute): resolved to 21 days" in html
    # The policy the answer was computed under.
    policy = html[html.index("<h2>Policy the answer") : html.index("<h2>Signals")]
    assert (
        f"<strong>Tier order, highest first:</strong> {' &gt; '.join(reversed(LEGAL_ORDER))}"
        in policy
    )
    assert "<strong>Floor (minimum tier):</strong> general-statute" in policy
    assert "<strong>Trust mode:</strong> strict" in policy
    assert "<strong>Profile:</strong> ordered.v1" in policy


def test_the_answer_page_offers_the_same_memo_as_a_download(
    reviewer: Any, verified: Answer, api: Any
) -> None:
    client = signed_in(reviewer)
    page = client.get(f"/answers/{verified.pk}/").content.decode()
    assert f'href="/answers/{verified.pk}/export.md" download>Export as Markdown</a>' in page
    response = client.get(f"/answers/{verified.pk}/export.md")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="answer-{verified.pk}.md"'
    from_api = api(reviewer).get(f"/api/answers/{verified.pk}/export.md").content.decode()
    # The same memo, but for the second it was exported at (the last line).
    assert response.content.decode().splitlines()[:-1] == from_api.splitlines()[:-1]


def test_a_refusal_memo_gives_its_code_message_and_meaning(
    api: Any, reviewer: Any, lane: Any
) -> None:
    document_ingest_text(
        lane=lane, document_id="renters-blog", text=BLOG, source_type="conversational",
        actor="setup", title=BLOG_TITLE,
    )  # fmt: skip
    answer = answer_ask(lane=lane, question=QUESTION, mode="strict", actor="reviewer")
    assert answer.refusal_code == "below_authority_floor", answer.payload["refusal"]
    memo = api(reviewer).get(f"/api/answers/{answer.pk}/export.md").content.decode()
    html = MD.render(memo)
    assert "Refusal" in headings(memo) and "Answer" not in headings(memo)
    refusal = answer.payload["refusal"]
    assert f"<strong><code>below_authority_floor</code></strong>: {refusal['message']}" in html
    assert f"<p>{REFUSAL_MEANINGS['below_authority_floor']}</p>" in html
    assert "<strong>Status:</strong> refused" in html
    assert "<li><code>renters-blog#0</code> — Renters' *blog*" in html


def test_a_tier_changed_since_the_answer_is_named_beside_the_tier_it_saw(
    api: Any, reviewer: Any, verified: Answer, lane: Any
) -> None:
    blog = Document.objects.get(lane=lane, document_id="renters-blog")
    document_tier_set(document=blog, tier="statute", actor="curator")
    memo = api(reviewer).get(f"/api/answers/{verified.pk}/export.md").content.decode()
    assert "tier secondary-blog (now statute)" in memo
    assert "tier statute (now" not in memo  # the act's tier did not change


def test_only_those_who_may_read_the_answer_get_its_memo(
    api: Any, reviewer: Any, auditor: Any, admin: Any, curator: Any, outsider: Any, verified: Answer
) -> None:
    url = f"/api/answers/{verified.pk}/export.md"
    for reader in (reviewer, auditor, admin):
        assert api(reader).get(url).status_code == 200, reader
    for other in (curator, outsider):
        response = api(other).get(url)
        assert response.status_code == 404, other
        assert response.json()["error"]["code"] == "not_found"
        assert QUESTION not in response.content.decode()
    assert api(None).get(url).status_code in (401, 403)
    assert api(reviewer).get("/api/answers/999999/export.md").status_code == 404
    page = f"/answers/{verified.pk}/export.md"
    assert signed_in(auditor).get(page).status_code == 200
    for other in (curator, outsider):
        assert signed_in(other).get(page).status_code == 404
    anonymous = Client().get(page)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def test_a_client_asking_for_markdown_gets_it_and_errors_stay_json(
    api: Any, reviewer: Any, curator: Any, verified: Answer
) -> None:
    url = f"/api/answers/{verified.pk}/export.md"
    response = api(reviewer).get(url, HTTP_ACCEPT="text/markdown")
    assert response.status_code == 200
    assert response.content.decode().startswith(f"# Answer {verified.pk}: ")
    refused = api(curator).get(url, HTTP_ACCEPT="text/markdown")
    assert refused.status_code == 404
    assert refused["Content-Type"] == "application/json"
    assert refused.json()["error"]["code"] == "not_found"
