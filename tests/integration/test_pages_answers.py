"""Reviewer pages: ask, the answer claim by claim, refusals explained, citations, verify, history."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.template.defaultfilters import floatformat
from django.test import Client
from django.utils.html import escape

from answers.forms import ERR_CHOOSE_VERDICT, ERR_FLAG_NEEDS_NOTE, parse_draft
from answers.models import Answer
from answers.views import ERR_ASK_DATABASE_UNAVAILABLE, supporting_span
from curation.bootstrap import reset
from curation.services.documents import document_ingest_text
from tests.support.faults import kill_on_answer_insert

pytestmark = pytest.mark.django_db
BLOG = (
    "Tenant notice rules. A landlord must give tenants thirty days written notice before ending "
    "a month-to-month tenancy."
)
QUESTION = "How many days notice must a landlord give before ending a month-to-month tenancy?"


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def blog_only(lane: Any) -> None:
    document_ingest_text(
        lane=lane, document_id="nolo-blog", text=BLOG, source_type="conversational", actor="setup"
    )


def ask(client: Client, lane: Any, mode: str) -> Answer:
    response = client.post(
        "/ask/", {"lane": lane.slug, "question": QUESTION, "mode": mode, "strategy": "single"}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Answer.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))


def test_strict_mode_refuses_below_the_floor_and_lists_what_was_withheld(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    answer = ask(client, lane, "strict")
    html = client.get(f"/answers/{answer.pk}/").content.decode()
    assert answer.refusal_code == "below_authority_floor"
    assert "Refused" in html and "below_authority_floor" in html
    assert "nolo-blog" in html and "secondary-blog" in html
    assert "Ask again in normal mode" in html


def test_normal_mode_answers_with_claims_citation_chips_and_signals(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    answer = ask(client, lane, "normal")
    html = client.get(f"/answers/{answer.pk}/").content.decode()
    assert answer.status == "answered", answer.payload.get("refusal")
    assert "nolo-blog#" in html and 'class="chip' in html
    assert "authority_floor_applied" in html and 'title="True only when' in html
    assert "Policy snapshot" in html and "Timings" in html
    assert "Record verdict" in html


def test_signals_and_timings_read_in_spec_and_pipeline_order(reviewer, lane, blog_only):
    # The stored answer is jsonb, which sorts keys by length; the page restores the order.
    client = signed_in(reviewer)
    html = client.get(f"/answers/{ask(client, lane, 'normal').pk}/").content.decode()
    signals = re.findall(r"<abbr[^>]*>(\w+)</abbr>", html)
    assert signals[:3] == ["authority_tier", "authority_floor_applied", "withheld"], signals
    timings = html[html.index('id="timings-h"') :]
    stages = re.findall(r'<th scope="row">(\w+)</th>', timings)
    assert stages[:5] == ["retrieve", "fuse", "rerank", "ground", "select"], stages
    assert stages.index("generate") < stages.index("judge") < stages.index("compose")


def test_a_citation_shows_the_unit_the_supporting_span_and_judges(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    answer = ask(client, lane, "normal")
    claim = answer.payload["claims"][0]
    key = claim["citations"][0]
    url = f"/answers/{answer.pk}/claims/0/citations/{key.replace('#', '%23')}/"
    html = client.get(url).content.decode()
    assert "thirty days" in html and "<mark>" in html
    assert "Judges" in html and "lexical" in html
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment
    answer_html = client.get(f"/answers/{answer.pk}/").content.decode()
    assert re.search(r'href="[^"]*citations/nolo-blog%23\d+/" hx-get=', answer_html)


def test_a_key_the_claim_does_not_use_is_404(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    answer = ask(client, lane, "normal")
    assert client.get(f"/answers/{answer.pk}/claims/0/citations/other%230/").status_code == 404
    assert client.get(f"/answers/{answer.pk}/claims/99/citations/nolo-blog%230/").status_code == 404


def test_a_review_verdict_is_recorded(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    answer = ask(client, lane, "normal")
    client.post(f"/answers/{answer.pk}/review/", {"verdict": "flag", "note": "check the statute"})
    answer.refresh_from_db()
    assert answer.review_verdict == "flag" and answer.review_note == "check the statute"


def test_an_auditor_reads_answers_but_may_not_ask_or_review(auditor, reviewer, lane, blog_only):
    answer = ask(signed_in(reviewer), lane, "normal")
    client = signed_in(auditor)
    html = client.get(f"/answers/{answer.pk}/").content.decode()
    assert "Record verdict" not in html
    assert client.post(f"/answers/{answer.pk}/review/", {"verdict": "approve"}).status_code == 403
    assert client.get("/ask/").status_code == 403


def test_curators_and_outsiders_cannot_read_the_answer(
    curator, outsider, reviewer, lane, blog_only
):
    answer = ask(signed_in(reviewer), lane, "normal")
    assert signed_in(curator).get(f"/answers/{answer.pk}/").status_code == 404
    assert signed_in(outsider).get(f"/answers/{answer.pk}/").status_code == 404
    assert signed_in(curator).get("/ask/").status_code == 403


def test_an_empty_question_is_reported_beside_the_field(reviewer, lane):
    response = signed_in(reviewer).post(
        "/ask/", {"lane": lane.slug, "question": "", "strategy": "single"}
    )
    assert response.status_code == 400
    assert "id_question_error" in response.content.decode()


def test_verify_judges_a_pasted_draft(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    draft = "A landlord must give tenants thirty days written notice. [nolo-blog#0]"
    response = client.post(
        "/verify/", {"lane": lane.slug, "question": QUESTION, "mode": "normal", "draft": draft}
    )
    assert response.status_code == 302
    answer = Answer.objects.get()
    assert answer.kind == "verify"


def test_verify_lists_unknown_citation_keys_beside_the_draft(reviewer, lane, blog_only):
    response = signed_in(reviewer).post(
        "/verify/", {"lane": lane.slug, "question": QUESTION, "draft": "Thirty days. [ghost#4]"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "id_draft_error" in html and "ghost#4" in html


def test_history_filters_and_links_each_answer(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    refused = ask(client, lane, "strict")
    answered = ask(client, lane, "normal")
    html = client.get("/answers/?status=refused").content.decode()
    assert (
        f'href="/answers/{refused.pk}/"' in html and f'href="/answers/{answered.pk}/"' not in html
    )
    html = client.get("/answers/?refusal_code=below_authority_floor").content.decode()
    assert "1 answer" in html


def test_a_draft_is_parsed_into_segments_with_their_keys():
    segments = parse_draft("First claim. [a#1, b#2]\n\nSecond claim [c#0].\nNo key here.")
    assert segments == [
        {"text": "First claim.", "citations": ["a#1", "b#2"]},
        {"text": "Second claim.", "citations": ["c#0"]},
        {"text": "No key here.", "citations": []},
    ]


def test_the_supporting_span_uses_the_judge_span_or_the_longest_match():
    assert supporting_span("x", "abcdef", [1, 3]) == ("a", "bc", "def")
    before, mark, after = supporting_span("thirty days notice", "give thirty days notice now", None)
    assert mark == "thirty days notice" and before == "give "
    assert supporting_span("zzz", "abc", None) == ("abc", "", "")


TEXAS_STATUTE = (
    "Tex. Prop. Code 91.001. A monthly tenancy may be terminated by the tenant or the landlord "
    "giving notice of termination to the other. The tenancy terminates on the later of the day "
    "given in the notice or one month after the day on which the notice is given."
)


@pytest.fixture
def texas_only(lane: Any) -> None:
    document_ingest_text(
        lane=lane,
        document_id="tex-prop-91-001",
        text=TEXAS_STATUTE,
        source_type="documentary",
        actor="setup",
        authority={"jurisdiction": "TX"},
    )


def ask_question(client: Client, lane: Any, question: str, mode: str = "normal") -> Answer:
    response = client.post(
        "/ask/", {"lane": lane.slug, "question": question, "mode": mode, "strategy": "single"}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Answer.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))


def test_a_source_of_another_jurisdiction_is_refused_as_not_applicable_naming_it(
    reviewer, lane, texas_only
):
    client = signed_in(reviewer)
    answer = ask_question(client, lane, "How much notice ends a monthly tenancy in California?")
    assert answer.refusal_code == "not_applicable", answer.payload.get("refusal")
    html = client.get(f"/answers/{answer.pk}/").content.decode()
    card = html[html.index('class="card refusal"') : html.index("</section>")]
    assert "not_applicable" in card and "Scope mismatch" in card
    assert f'<a href="/lanes/{lane.slug}/documents/tex-prop-91-001/">' in card
    assert "<td>the question concerns CA; this source&#x27;s jurisdiction is TX</td>" in card


def test_a_question_nothing_addresses_shows_the_best_candidates_and_their_scores(
    reviewer, lane, texas_only
):
    client = signed_in(reviewer)
    answer = ask_question(client, lane, "What is the filing fee for a trademark application?")
    assert answer.refusal_code == "no_relevant_evidence", answer.payload.get("refusal")
    best = answer.payload["best_candidates"][0]
    html = client.get(f"/answers/{answer.pk}/").content.decode()
    card = html[html.index('class="card refusal"') : html.index("</section>")]
    assert "Best candidates" in card
    assert (
        f'<a href="/lanes/{lane.slug}/documents/{best["document_id"]}/"><code>{best["key"]}' in card
    )
    assert f'<td class="num">{floatformat(best["relevance"], 3)}</td>' in card
    assert f"rerank {floatformat(best['scores']['rerank'], 3)}" in card


def test_the_best_candidates_say_what_relevance_needs_and_the_cosine_bar_is_a_stage(
    reviewer, lane, texas_only, settings
):
    """With a cosine bar no unit reaches, the Texas unit that otherwise makes the question
    not_applicable is kept out as far in meaning: the refusal is no_relevant_evidence, the
    candidate's stage says why, and the page says what relevance needs."""
    client = signed_in(reviewer)
    question = "How much notice ends a monthly tenancy in California?"
    settings.CITENEXUS_MIN_COSINE = 0.999
    reset()
    try:
        answer = ask_question(client, lane, question)
    finally:
        settings.CITENEXUS_MIN_COSINE = None
        reset()
    assert answer.refusal_code == "no_relevant_evidence", answer.payload.get("refusal")
    stages = {row["document_id"]: row["stage"] for row in answer.payload["candidates"]}
    assert stages["tex-prop-91-001"] == "below_min_cosine"
    html = client.get(f"/answers/{answer.pk}/").content.decode()
    card = html[html.index('class="card refusal"') : html.index("</section>")]
    assert (
        "A candidate counts as relevant at a relevance of 0.25 or more, with an embedding" in card
    )
    assert "of 0.999 or more: sharing the question's words is not enough." in card

    plain = ask_question(client, lane, "What is the filing fee for a trademark application?")
    html = client.get(f"/answers/{plain.pk}/").content.decode()
    card = html[html.index('class="card refusal"') : html.index("</section>")]
    assert "A candidate counts as relevant at a relevance of 0.25 or more." in card


def test_the_best_candidates_say_what_a_sum_the_question_states_added(
    reviewer, lane, settings
) -> None:
    document_ingest_text(
        lane=lane,
        document_id="county-permits",
        text="The county charges $250 for a building permit, payable when the plans are filed.",
        source_type="documentary",
        actor="setup",
    )
    client = signed_in(reviewer)
    question = "What is the filing fee for a trademark application? I was quoted $250."
    threshold = settings.CITENEXUS_GROUND_THRESHOLD
    settings.CITENEXUS_GROUND_THRESHOLD = 0.9  # nothing is relevant: the best candidates show
    reset()
    try:
        answer = ask_question(client, lane, question)
        plain = ask_question(client, lane, "What is the filing fee for a trademark application?")
    finally:
        settings.CITENEXUS_GROUND_THRESHOLD = threshold
        reset()
    assert answer.refusal_code == "no_relevant_evidence", answer.payload.get("refusal")
    best = answer.payload["best_candidates"][0]
    assert (best["document_id"], best["scores"]["amount"]) == ("county-permits", 1.0)
    html = client.get(f"/answers/{answer.pk}/").content.decode()
    card = html[html.index('class="card refusal"') : html.index("</section>")]
    assert "amount 1.000" in card
    assert (
        'A unit that states a sum of money or a share the question states (<span class="kv">'
        "amount</span> 1) gains 0.05." in card
    )
    # a question stating no sum says nothing of it
    assert plain.refusal_code == "no_relevant_evidence", plain.payload.get("refusal")
    html = client.get(f"/answers/{plain.pk}/").content.decode()
    assert "A unit that states a sum of money" not in html


def review(client: Client, answer: Answer, **data: str) -> Any:
    return client.post(f"/answers/{answer.pk}/review/", data)


def test_a_review_without_a_verdict_is_reported_beside_the_verdict(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    answer = ask(client, lane, "normal")
    for data in ({"note": "looks fine"}, {"verdict": "maybe", "note": "looks fine"}):
        response = review(client, answer, **data)
        assert response.status_code == 400
        html = response.content.decode()
        fieldset = html[html.index("<legend>Verdict</legend>") : html.index("</fieldset>")]
        assert f'id="id_verdict_error">{ERR_CHOOSE_VERDICT}</p>' in fieldset
        assert "looks fine</textarea>" in html  # the reviewer's note is kept
    answer.refresh_from_db()
    assert answer.review_verdict == ""


def test_a_flag_without_a_note_is_reported_beside_the_note(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    answer = ask(client, lane, "normal")
    response = review(client, answer, verdict="flag", note="  ")
    assert response.status_code == 400
    html = response.content.decode()
    note = html[html.index('<label for="id_note">') :]
    note = note[: note.index("</div>")]
    assert f'id="id_note_error">{ERR_FLAG_NEEDS_NOTE}</p>' in note
    flag_radio = re.search(r'<input type="radio" name="verdict" value="flag"[^>]*>', html)
    assert flag_radio and "checked" in flag_radio.group()  # the verdict chosen is kept
    answer.refresh_from_db()
    assert answer.review_verdict == ""


def test_an_approval_needs_no_note(reviewer, lane, blog_only):
    client = signed_in(reviewer)
    answer = ask(client, lane, "normal")
    response = review(client, answer, verdict="approve")
    assert response.status_code == 302
    answer.refresh_from_db()
    assert (answer.review_verdict, answer.review_note) == ("approve", "")


@pytest.mark.django_db(transaction=True)
def test_the_database_dropping_mid_ask_is_a_503_page_that_saved_nothing(reviewer, lane, blog_only):
    """The session dies on the answer's INSERT, as in test_faults: a readable 503, not a 500."""
    client = signed_in(reviewer)
    client.raise_request_exception = False
    body = {"lane": lane.slug, "question": QUESTION, "mode": "normal", "strategy": "single"}
    with connection.execute_wrapper(kill_on_answer_insert):
        response = client.post("/ask/", body)
    assert response.status_code == 503, response.content.decode()[:2000]
    html = response.content.decode()
    assert 'role="alert">' + escape(ERR_ASK_DATABASE_UNAVAILABLE) in html
    assert '<nav aria-label="Main">' in html  # the normal layout, with the question kept
    assert QUESTION in html
    connection.close()  # the test shares the request's (dead) session
    assert not Answer.objects.exists()
    assert client.post("/ask/", body).status_code == 302
    assert Answer.objects.count() == 1


def test_a_claim_judging_added_for_a_conflict_says_so_on_the_page(reviewer, lane) -> None:
    # An answer whose second claim was quoted by judging, not by the generator (an equal source
    # the draft left out states another value; docs/design.md#conflicts), stored as ask stores it.
    from tests.unit.test_undrafted_conflicts import asked, penalty

    computed = asked(
        [("act", "statute", penalty("$20,000")), ("code", "statute", penalty("$10,000"))],
        mode="normal",
    )
    assert [c.added_for_conflict for c in computed.claims] == [False, True]
    stored = Answer.objects.create(
        lane=lane,
        question=computed.question,
        mode="normal",
        status="answered",
        text=computed.text,
        payload=computed.to_dict(),
    )
    html = signed_in(reviewer).get(f"/answers/{stored.pk}/").content.decode()
    assert html.count("Added by judging:") == 1
    added = html[html.index("Added by judging:") - 400 : html.index("Added by judging:")]
    assert "$10,000" in added  # on the claim judging added, not on the quoted one


def test_the_policy_snapshot_says_what_the_question_was_searched_as(reviewer, lane) -> None:
    # An answer computed with a lane synonym (docs/design.md#retrieval-and-grounding), stored as
    # ask stores it: the page names the terms searched besides the question's own words.
    from citenexus.domain.vocabulary import Vocabulary
    from tests.unit.test_search_terms import QUESTION, asked

    computed = asked(vocabulary=Vocabulary.from_mapping({"synonyms": {"owner": "landlord"}}))

    def page(payload: dict[str, Any]) -> str:
        stored = Answer.objects.create(
            lane=lane,
            question=QUESTION,
            mode="normal",
            status=computed.status,
            text=computed.text,
            payload=payload,
        )
        return signed_in(reviewer).get(f"/answers/{stored.pk}/").content.decode()

    html = page(computed.to_dict())
    assert "<dt>Searched as</dt>" in html
    assert f"<q>{escape(QUESTION)} (landlord)</q>" in html
    # an answer searched with the question's own words only says nothing of it
    plain = {**computed.to_dict(), "policy": {**computed.policy, "searched": [QUESTION]}}
    assert "Searched as" not in page(plain)
