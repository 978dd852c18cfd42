"""Verify names the right violation on paraphrased drafts, on the example lanes, through the API.

Each case is a reviewer's draft whose claim says, in other words, what one unit of an example
lane says (docs/design.md#violations, docs/design.md#judges-that-decline-and-the-judge-benchmark):
the lexical judge cannot tell such a paraphrase and declines, and the other judges decide. So a
claim only a forum post supports, citing the controlling statute, is laundering (not merely
unsupported); citing both is an `authority` violation credited to the forum post; a
claim a blog paraphrases, citing the blog, is `authority`; a paraphrase of a statute that cites
nothing is `uncited`, and one that cites an unrelated, weaker unit is `misattributed`.

The lanes are loaded from examples/ as `manage.py seed_demo` loads them, with the test suite's
embedder. Units are found by a phrase of their text, not by ordinal, so a change of segmentation
shows as a clear failure. examples/aviation-maintenance is the held-out lane: its cases were
written from its texts and run without any change made for them; they are reported, never used
to choose between two variants of the judges.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from curation.models import EvidenceUnit, Lane, LaneMembership
from curation.services.examples import example_lane_load

pytestmark = pytest.mark.django_db

EXAMPLES = Path(settings.BASE_DIR) / "examples"


@dataclass(frozen=True)
class Cite:
    """A unit of an example lane, named by its document and a phrase of its text."""

    document_id: str
    phrase: str


@dataclass(frozen=True)
class Case:
    question: str
    claim: str
    supporter: Cite  # the unit that says what the claim says, in other words
    cited: tuple[Cite, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Lanes:
    """One example lane's cases: the forum attack, a blog's own claim, and a
    statute's claim cited wrongly or not at all."""

    folder: str
    forum_claim: Case  # cites the strongest source; only the forum post supports it
    blog_claim: Case  # cites the blog that says it
    statute_claim: Case  # cited as given for misattributed, with no citation for uncited


LAW = Lanes(
    folder="law-authority",
    forum_claim=Case(
        question="Do landlords have to pay interest on security deposits?",
        claim="Landlords are required to pay interest on security deposits in every California city.",
        supporter=Cite("21-ca-forum-deposit-interest-thread", "Landlords must pay interest"),
        cited=(Cite("02-ca-civ-1950_5-deposit-statute", "This section applies to security"),),
    ),
    blog_claim=Case(
        question="How much can a landlord ask as a deposit for an unfurnished apartment?",
        claim="For an unfurnished rental, a landlord can ask for a deposit of up to two months' rent.",
        supporter=Cite("20-ca-blog-landlord-deposit-guide", "For an unfurnished place"),
    ),
    statute_claim=Case(
        question="How large a security deposit may a landlord demand?",
        claim="A landlord may not demand or receive a security deposit larger than one month's "
        "rent, whatever it is called.",
        supporter=Cite("02-ca-civ-1950_5-deposit-statute", "shall not demand or receive security"),
        cited=(Cite("22-ca-blog-renters-insurance-pets", "liability coverage if a guest"),),
    ),
)
PRIVACY = Lanes(
    folder="privacy-law",
    forum_claim=Case(
        question="Can I sue a company that ignores my request to delete my data?",
        claim="If a company ignores your request, you can sue it yourself and win $750 per person.",
        supporter=Cite("17-co-forum-data-broker-thread", "win $750 per person"),
        cited=(Cite("05-co-crs-6-1-1311-enforcement-statute", "exclusive authority to enforce"),),
    ),
    blog_claim=Case(
        question="When does the Colorado privacy law apply to a business?",
        claim="The law only really applies once a business has around 50,000 Colorado customers "
        "on file in a year.",
        supporter=Cite("16-co-blog-privacy-act-checklist", "50,000 Colorado customers"),
    ),
    statute_claim=Case(
        question="How long does a controller have to respond to my request?",
        claim="A controller must tell a consumer what action it took on a request within 45 days "
        "of receiving it.",
        supporter=Cite(
            "02-co-crs-6-1-1306-consumer-rights-statute", "within 45 days after receipt"
        ),
        cited=(Cite("18-co-blog-opt-out-signals-adtech", "ad-tech"),),
    ),
)
AVIATION = Lanes(
    folder="aviation-maintenance",
    forum_claim=Case(
        question="What does an annual inspection of a K-180 cost?",
        claim="An annual inspection of a K-180 with nothing broken costs roughly $2,500.",
        supporter=Cite("17-forum-kestrel-owners-100-hour-thread", "$2,500"),
        cited=(Cite("01-us-part91-409-inspection-rule", "(b) Annual inspection."),),
    ),
    blog_claim=Case(
        question="What does a replacement ELT battery pack cost?",
        claim="Swapping in a fresh battery pack on the usual 121.5/406 units is typically about $150.",
        supporter=Cite("18-blog-elt-battery-explainer", "about $150"),
    ),
    statute_claim=Case(
        question="Where must the new ELT battery expiration date be recorded?",
        claim="The date by which the new battery must be replaced is written clearly on the "
        "transmitter's outside and logged in the aircraft's maintenance records.",
        supporter=Cite("02-us-part91-207-elt-rule", "legibly marked on the outside"),
        cited=(Cite("19-blog-winter-storage", "Cold oil is thick"),),
    ),
)
DEVELOPMENT = [pytest.param(LAW, id="law-authority"), pytest.param(PRIVACY, id="privacy-law")]
# Held out: reported, never calibrated on (docs/design.md#evaluation-and-held-out-discipline).
HELD_OUT = [pytest.param(AVIATION, id="aviation-maintenance-held-out")]
EVERY_LANE = DEVELOPMENT + HELD_OUT


@dataclass
class Loaded:
    lane: Lane
    post: Callable[..., dict[str, Any]]

    def key(self, cite: Cite) -> str:
        """The citation key of the current unit of ``cite.document_id`` holding its phrase."""
        units = EvidenceUnit.objects.filter(
            lane=self.lane, current=True, document__document_id=cite.document_id
        )
        found = [u for u in units if cite.phrase in u.text]
        assert len(found) == 1, f"{cite} names {len(found)} units"
        return f"{cite.document_id}#{found[0].ordinal}"

    def verify(self, case: Case, *, citations: tuple[Cite, ...], mode: str) -> dict[str, Any]:
        segments = [{"text": case.claim, "citations": [self.key(c) for c in citations]}]
        body = {"lane": self.lane.slug, "question": case.question, "segments": segments}
        return self.post({**body, "mode": mode})


@pytest.fixture
def load(api: Any, make_user: Callable[..., Any]) -> Callable[[Lanes], Loaded]:
    def load_lane(lanes: Lanes) -> Loaded:
        lane, _ = example_lane_load(folder=EXAMPLES / lanes.folder, actor="test")
        reviewer = make_user(f"reviewer-{lane.slug}", "reviewer")
        LaneMembership.objects.create(lane=lane, user=reviewer, role="reviewer")

        def post(body: dict[str, Any]) -> dict[str, Any]:
            response = api(reviewer).post("/api/verify/", body, format="json")
            assert response.status_code == 200, response.content
            data: dict[str, Any] = response.json()
            return data

        return Loaded(lane, post)

    return load_lane


def kinds(claim: dict[str, Any]) -> list[str]:
    return [v["kind"] for v in claim["violations"]]


def paraphrased(claim: dict[str, Any], key: str) -> bool:
    """Whether the supporting unit was judged a paraphrase: the lexical judge, which rules only
    on the passage's own words, did not say entails there (it declined or found too few)."""
    lexical = [
        j["verdict"] for j in claim["judgments"] if j["key"] == key and j["judge"] == "lexical"
    ]
    return "entails" not in lexical


@pytest.mark.parametrize("lanes", EVERY_LANE)
def test_citing_the_strongest_source_for_what_only_a_forum_paraphrases_is_laundering(
    load: Callable[[Lanes], Loaded], lanes: Lanes
) -> None:
    loaded = load(lanes)
    case = lanes.forum_claim
    forum = loaded.key(case.supporter)
    answer = loaded.verify(case, citations=case.cited, mode="strict")
    assert answer["status"] == "refused"
    assert answer["refusal"]["code"] == "citation_laundering"
    (claim,) = answer["claims"]
    assert kinds(claim) == ["misattributed", "laundering"]
    assert claim["status"] == "dropped"
    assert forum in claim["supported_by"]
    assert claim["attributed_to"] is None
    assert paraphrased(claim, forum)
    # The floor withheld the forum post in strict mode; it was still judged.
    assert case.supporter.document_id in answer["evidence"]["withheld"]


@pytest.mark.parametrize("lanes", EVERY_LANE)
def test_citing_the_statute_and_the_forum_when_only_the_forum_supports_is_authority(
    load: Callable[[Lanes], Loaded], lanes: Lanes
) -> None:
    loaded = load(lanes)
    case = lanes.forum_claim
    forum = loaded.key(case.supporter)
    citations = (*case.cited, case.supporter)
    strict = loaded.verify(case, citations=citations, mode="strict")
    (claim,) = strict["claims"]
    assert kinds(claim) == ["authority"]
    assert claim["attributed_to"] == forum
    assert claim["status"] == "dropped"
    assert strict["refusal"]["code"] == "below_authority_floor"
    assert paraphrased(claim, forum)

    normal = loaded.verify(case, citations=citations, mode="normal")
    (claim,) = normal["claims"]
    assert kinds(claim) == ["authority"]
    assert (claim["status"], claim["attributed_to"]) == ("hedged", forum)
    assert normal["status"] == "answered"


@pytest.mark.parametrize("lanes", EVERY_LANE)
def test_a_claim_a_blog_paraphrases_citing_the_blog_is_authority(
    load: Callable[[Lanes], Loaded], lanes: Lanes
) -> None:
    loaded = load(lanes)
    case = lanes.blog_claim
    blog = loaded.key(case.supporter)
    answer = loaded.verify(case, citations=(case.supporter,), mode="normal")
    (claim,) = answer["claims"]
    assert kinds(claim) == ["authority"]
    assert (claim["status"], claim["attributed_to"]) == ("hedged", blog)
    assert blog in claim["supported_by"]
    assert paraphrased(claim, blog)


@pytest.mark.parametrize("lanes", EVERY_LANE)
def test_a_paraphrase_of_a_statute_citing_nothing_is_uncited(
    load: Callable[[Lanes], Loaded], lanes: Lanes
) -> None:
    loaded = load(lanes)
    case = lanes.statute_claim
    statute = loaded.key(case.supporter)
    answer = loaded.verify(case, citations=(), mode="normal")
    (claim,) = answer["claims"]
    assert kinds(claim) == ["uncited"]
    assert claim["status"] == "hedged"
    assert statute in claim["supported_by"]
    assert paraphrased(claim, statute)
    assert answer["status"] == "answered"


@pytest.mark.parametrize("lanes", EVERY_LANE)
def test_a_paraphrase_of_a_statute_citing_an_unrelated_weaker_unit_is_misattributed(
    load: Callable[[Lanes], Loaded], lanes: Lanes
) -> None:
    loaded = load(lanes)
    case = lanes.statute_claim
    statute = loaded.key(case.supporter)
    answer = loaded.verify(case, citations=case.cited, mode="normal")
    (claim,) = answer["claims"]
    # Not laundering: what it cites ranks below what supports it.
    assert kinds(claim) == ["misattributed"]
    assert claim["status"] == "hedged"
    assert statute in claim["supported_by"]
    assert claim["attributed_to"] is None
    assert paraphrased(claim, statute)
