"""Ask and verify: run the domain pipeline on a lane and store the answer exactly as computed."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from answers.bootstrap import get_generator, get_judges, pipeline_settings
from answers.citations import with_citation_details
from answers.models import Answer
from citenexus.domain.authority import AuthorityPolicy
from common.errors import Invalid
from curation.domain import authority_policy, lane_vocabulary
from curation.embedding import get_embedder
from curation.models import Lane
from curation.retrieval import PostgresRetriever

MAX_QUESTION_CHARS = 4000
ERR_EMPTY_QUESTION = "the question is empty"
ERR_LONG_QUESTION = f"the question is longer than {MAX_QUESTION_CHARS} characters"
ERR_UNKNOWN_KEYS = "these citation keys name no unit of the lane: {keys}"
ERR_NO_SEGMENTS = "a draft needs at least one segment with text"
ERR_BAD_MODE = "mode must be strict, normal or exploratory"
ERR_BAD_STRATEGY = "strategy must be single or deep"


def _check(question: str, mode: str, strategy: str) -> str:
    question = (question or "").strip()
    if not question:
        raise Invalid("invalid", ERR_EMPTY_QUESTION, {"field": "question"})
    if len(question) > MAX_QUESTION_CHARS:
        raise Invalid("invalid", ERR_LONG_QUESTION, {"field": "question"})
    if mode not in Lane.Mode.values:
        raise Invalid("invalid", ERR_BAD_MODE, {"field": "mode"})
    if strategy not in ("single", "deep"):
        raise Invalid("invalid", ERR_BAD_STRATEGY, {"field": "strategy"})
    return question


def _pipeline_kwargs(
    lane: Lane, policy: AuthorityPolicy | None = None, settings: Any = None
) -> dict[str, Any]:
    return {
        "retriever": PostgresRetriever(lane),
        "embedder": get_embedder(),
        "generator": get_generator(),
        "judges": get_judges(),
        "policy": policy or authority_policy(lane),
        "settings": settings or pipeline_settings(),
        "lane_jurisdiction": lane.jurisdiction,
        "vocabulary": lane_vocabulary(lane),
        "lane": lane.slug,
    }


@transaction.atomic
def _store(*, lane: Lane, kind: str, result: Any, user: Any, actor: str) -> Answer:
    payload = with_citation_details(lane=lane, payload=result.to_dict())
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
    strategy: str = "single",
    policy: AuthorityPolicy | None = None,
    settings: Any = None,
) -> Any:
    """The domain answer for a question, not stored (evaluation passes its own policy, and may
    pass its own pipeline settings to measure them)."""
    from citenexus.pipeline import ask

    mode = mode or lane.default_mode
    question = _check(question, mode, strategy)
    return ask(question, mode=mode, strategy=strategy, **_pipeline_kwargs(lane, policy, settings))


def answer_ask(
    *,
    lane: Lane,
    question: str,
    mode: str | None = None,
    strategy: str = "single",
    user: Any = None,
    actor: str,
) -> Answer:
    result = answer_compute(lane=lane, question=question, mode=mode, strategy=strategy)
    return _store(lane=lane, kind="ask", result=result, user=user, actor=actor)


def answer_verify(
    *,
    lane: Lane,
    question: str,
    segments: list[dict[str, Any]],
    mode: str | None = None,
    user: Any = None,
    actor: str,
) -> Answer:
    from citenexus.pipeline import DraftError, UnknownCitationKeys, verify

    mode = mode or lane.default_mode
    question = _check(question, mode, "single")
    if not any(str(s.get("text", "")).strip() for s in segments):
        raise Invalid("invalid", ERR_NO_SEGMENTS, {"field": "segments"})
    kwargs = _pipeline_kwargs(lane)
    kwargs.pop("generator")
    try:
        result = verify(question, segments, mode=mode, **kwargs)
    except UnknownCitationKeys as exc:
        keys = sorted(exc.keys)
        raise Invalid(
            "unknown_citation_keys", ERR_UNKNOWN_KEYS.format(keys=keys), {"unknown_keys": keys}
        ) from exc
    except DraftError as exc:
        raise Invalid("invalid_draft", str(exc), {"field": "segments"}) from exc
    return _store(lane=lane, kind="verify", result=result, user=user, actor=actor)


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
