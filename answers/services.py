"""Ask and verify: run the domain pipeline on a lane and store the answer exactly as computed."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from answers.citations import with_citation_details
from answers.models import ASK, VERIFY, Answer
from citenexus.domain.answer import SINGLE, STRATEGIES
from citenexus.domain.authority import AuthorityPolicy, TrustMode
from common.errors import Invalid
from curation.bootstrap import ports
from curation.models import Lane

MAX_QUESTION_CHARS = 4000
# The trust modes every way in offers, as the strategies are the domain's ``STRATEGIES`` (the
# API's enums, the pages' choices, the CLI's --mode, the MCP tools' schema all take these);
# ``_valid`` below is the one check of both.
MODES: tuple[str, ...] = tuple(mode.value for mode in TrustMode)
ERR_EMPTY_QUESTION = "the question is empty"
ERR_LONG_QUESTION = f"the question is longer than {MAX_QUESTION_CHARS} characters"
ERR_UNKNOWN_KEYS = "these citation keys name no unit of the lane: {keys}"
ERR_NO_SEGMENTS = "a draft needs at least one segment with text"
ERR_BAD_MODE = "mode must be strict, normal or exploratory"
ERR_BAD_STRATEGY = "strategy must be single or deep"


def _valid(lane: Lane, question: str, mode: str | None, strategy: str) -> tuple[str, TrustMode]:
    """The question stripped and the trust mode (the lane's default when none is given), or an
    ``invalid`` error naming the field: the one check of an ask or verify, whoever calls."""
    question = (question or "").strip()
    if not question:
        raise Invalid("invalid", ERR_EMPTY_QUESTION, {"field": "question"})
    if len(question) > MAX_QUESTION_CHARS:
        raise Invalid("invalid", ERR_LONG_QUESTION, {"field": "question"})
    mode = mode or lane.default_mode
    if mode not in MODES:
        raise Invalid("invalid", ERR_BAD_MODE, {"field": "mode"})
    if strategy not in STRATEGIES:
        raise Invalid("invalid", ERR_BAD_STRATEGY, {"field": "strategy"})
    return question, TrustMode(mode)


@transaction.atomic
def answer_store(
    *, lane: Lane, kind: str, payload: dict[str, Any], user: Any, actor: str
) -> Answer:
    """Store an answer exactly as computed (``Answer.to_dict()`` of the domain)."""
    payload = with_citation_details(lane=lane, payload=payload)
    payload["lane"] = lane.slug
    refusal = payload.get("refusal") or {}
    return Answer.objects.create(
        lane=lane,
        kind=kind,
        question=payload["question"],
        mode=payload["mode"],
        strategy=payload.get("strategy", "single"),
        status=payload["status"],
        refusal_code=refusal.get("code", "") if refusal else "",
        text=payload.get("text", ""),
        payload=payload,
        asked_by=user if getattr(user, "pk", None) else None,
        asked_by_name=actor,
    )


def answer_compute(
    *,
    lane: Lane,
    question: str,
    mode: str | None = None,
    strategy: str = SINGLE,
    policy: AuthorityPolicy | None = None,
    settings: Any = None,
) -> Any:
    """The domain answer for a question, not stored (evaluation passes its own policy, and may
    pass its own pipeline settings to measure them)."""
    question, trust = _valid(lane, question, mode, strategy)
    pipeline = ports().pipeline(lane, policy=policy, settings=settings)
    return pipeline.ask(question, mode=trust, strategy=strategy)


def answer_ask(
    *,
    lane: Lane,
    question: str,
    mode: str | None = None,
    strategy: str = SINGLE,
    user: Any = None,
    actor: str,
) -> Answer:
    """Ask a question of the lane and store the answer as computed."""
    result = answer_compute(lane=lane, question=question, mode=mode, strategy=strategy)
    return answer_store(lane=lane, kind=ASK, payload=result.to_dict(), user=user, actor=actor)


def answer_verify(
    *,
    lane: Lane,
    question: str,
    segments: list[dict[str, Any]],
    mode: str | None = None,
    user: Any = None,
    actor: str,
) -> Answer:
    """Judge a client's draft against the lane and store the answer as computed."""
    from citenexus.pipeline import DraftError, UnknownCitationKeys

    question, trust = _valid(lane, question, mode, SINGLE)
    if not any(str(s.get("text", "")).strip() for s in segments):
        raise Invalid("invalid", ERR_NO_SEGMENTS, {"field": "segments"})
    try:
        result = ports().pipeline(lane).verify(question, segments, mode=trust)
    except UnknownCitationKeys as exc:
        keys = sorted(exc.keys)
        raise Invalid(
            "unknown_citation_keys", ERR_UNKNOWN_KEYS.format(keys=keys), {"unknown_keys": keys}
        ) from exc
    except DraftError as exc:
        raise Invalid("invalid_draft", str(exc), {"field": "segments"}) from exc
    return answer_store(lane=lane, kind=VERIFY, payload=result.to_dict(), user=user, actor=actor)


@transaction.atomic
def answer_review(*, answer: Answer, verdict: str, note: str, actor: str) -> Answer:
    from django.utils import timezone

    from audit.services import audit_record

    if verdict not in (Answer.Verdict.APPROVE, Answer.Verdict.FLAG):
        raise Invalid("invalid", "verdict must be approve or flag", {"field": "verdict"})
    answer = Answer.objects.select_for_update().get(pk=answer.pk)
    before = answer.review_verdict
    answer.review_verdict = verdict
    answer.review_note = note.strip()
    answer.reviewed_by_name = actor
    answer.reviewed_at = timezone.now()
    answer.save(update_fields=["review_verdict", "review_note", "reviewed_by_name", "reviewed_at"])
    audit_record(
        actor=actor,
        action="answer.review",
        lane=answer.lane.slug,
        details={
            "answer_id": answer.pk,
            "before": before,
            "verdict": verdict,
            "note": answer.review_note,
        },
    )
    return answer
