"""A judge that fails on a pair is visible: evidence.judges_failed, the claim, the answer page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from curation.bootstrap import reset
from curation.services.documents import document_ingest_text

pytestmark = pytest.mark.django_db

STATUTE = (
    "Section 1950.5. Security deposits\n\n"
    "(b) Within 21 days after the tenant has vacated the premises, the landlord shall return the "
    "security deposit to the tenant, together with an itemized statement of any deductions."
)


@pytest.fixture
def down_llm_judge(settings: Any) -> Iterator[None]:
    """The optional LLM judge switched on against an endpoint nothing listens on, built by the
    composition root from the settings as a deployment would."""
    settings.CITENEXUS_LLM_JUDGE = True
    settings.CITENEXUS_LLM_BASE_URL = "http://127.0.0.1:9/v1"
    settings.CITENEXUS_LLM_MODEL = "m"
    reset()
    yield
    reset()


def test_a_failing_judge_is_listed_in_the_answer_and_shown_on_its_page(
    api: Any, client: Any, reviewer: Any, lane: Any, down_llm_judge: None
) -> None:
    document_ingest_text(
        lane=lane,
        document_id="ca-civ-1950-5",
        text=STATUTE,
        source_type="documentary",
        authority={"authority_tier": "controlling-statute"},
        actor="test",
        may_assert=True,
    )
    response = api(reviewer).post(
        "/api/verify/",
        {
            "lane": lane.slug,
            "question": "When must the landlord return the security deposit?",
            "segments": [
                {
                    "text": "Within 21 days after the tenant has vacated the premises, the "
                    "landlord shall return the security deposit to the tenant.",
                    "citations": ["ca-civ-1950-5#0"],
                }
            ],
        },
        format="json",
    )
    assert response.status_code == 200, response.content
    data = response.json()
    (failed,) = data["evidence"]["judges_failed"]
    assert failed["judge"] == "llm" and failed["pairs"] >= 1
    (claim,) = data["claims"]
    assert {f["judge"] for f in claim["judges_failed"]} == {"llm"}
    assert claim["status"] == "kept"  # the judges that judged still decide support
    client.force_login(reviewer)
    page = client.get(f"/answers/{data['id']}/")
    assert page.status_code == 200
    assert b"Some judges failed" in page.content
    assert b"erred on" in page.content
