"""An answer as a Markdown memo: the one place both the answer page and the API build it.

The memo is the stored answer as it was computed (docs/design.md#policy-snapshots): its status or
refusal, every claim with its citations, violations and caveat, the withheld and inapplicable
sources, conflicts, and the policy snapshot. Only what the payload does not keep is read from the
lane at export, in one query: each cited document's title and jurisdiction, and its tier now when
that differs from the tier the answer saw (docs/api.md#answer-export).

Every string that comes from a document, a draft or a person is escaped (``md_text``,
``md_code``), so a title such as ``*Rules* | [draft]`` or a claim opening ``1.`` reads as text
and never as emphasis, a table, a link or a list.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from answers.citations import text_with_pages
from answers.explain import REFUSAL_MEANINGS, STATUS_MEANINGS, VIOLATION_MEANINGS
from answers.markdown import md_code, md_text
from answers.models import Answer
from answers.selectors import answer_dict
from citenexus.domain.jurisdiction import document_jurisdiction
from curation.models import Document

MEDIA_TYPE = "text/markdown; charset=utf-8"


@dataclass(frozen=True)
class SourceFacts:
    """What the memo says of a document that the stored answer does not keep."""

    title: str
    tier_now: str
    jurisdiction: str  # "CA", or "CA, from the lane"


def _document_id(key: str) -> str:
    return key.rsplit("#", 1)[0]


def _keys_named(data: Mapping[str, Any]) -> set[str]:
    """Every citation key or document id the memo mentions."""
    evidence = data.get("evidence") or {}
    keys: set[str] = set()
    for claim in data.get("claims") or []:
        keys |= set(claim.get("citations") or []) | set(claim.get("supported_by") or [])
    keys |= {str(w.get("key") or w.get("document_id")) for w in data.get("withheld_detail") or []}
    keys |= set(evidence.get("withheld") or [])
    keys |= {str(i.get("key") or i.get("document_id")) for i in evidence.get("inapplicable") or []}
    keys |= {
        str(v.get("key")) for c in evidence.get("conflicts") or [] for v in c.get("values") or []
    }
    return keys


def source_facts(*, answer: Answer, keys: Iterable[str]) -> dict[str, SourceFacts]:
    """Title, tier now and jurisdiction of each document the keys name (one query)."""
    lane = answer.lane
    lane_jurisdiction = str((answer.payload.get("policy") or {}).get("lane_jurisdiction") or "")
    rows = Document.objects.filter(
        lane=lane, document_id__in={_document_id(k) for k in keys}
    ).values_list("document_id", "title", "authority")
    return {
        document_id: SourceFacts(
            title=title or document_id,
            tier_now=str((authority or {}).get(lane.metadata_key, "")),
            jurisdiction=document_jurisdiction(
                {"jurisdiction": str((authority or {}).get("jurisdiction") or "")},
                lane_jurisdiction or lane.jurisdiction,
            ).label,
        )
        for document_id, title, authority in rows
    }


def answer_markdown(*, answer: Answer, permalink: str, exported_at: dt.datetime) -> str:
    """The memo of a stored answer (the caller has checked the user may read it)."""
    data = answer_dict(answer)
    sources = source_facts(answer=answer, keys=_keys_named(data))
    return memo_markdown(data=data, sources=sources, permalink=permalink, exported_at=exported_at)


def export_filename(answer: Answer) -> str:
    return f"answer-{answer.pk}.md"


def answer_permalink(request: Any, answer: Answer) -> str:
    """The absolute URL of the answer's page, as the memo and the printed page cite it."""
    return str(request.build_absolute_uri(reverse("answer", args=[answer.pk])))


def memo_markdown(
    *,
    data: Mapping[str, Any],
    sources: Mapping[str, SourceFacts],
    permalink: str,
    exported_at: dt.datetime,
) -> str:
    """The memo from an answer's stored dict (``answer_dict``) and its sources' facts."""
    memo = _Memo(data, sources)
    lines = [
        f"# Answer {md_text(data.get('id'))}: {md_text(data.get('question'))}",
        "",
        *memo.facts(permalink),
        *memo.outcome(),
        *memo.claims(),
        *memo.withheld(),
        *memo.inapplicable(),
        *memo.conflicts(),
        *memo.judges_failed(),
        *memo.policy(),
        *memo.signals(),
        "---",
        "",
        f"Exported {md_text(exported_at.isoformat(timespec='seconds'))} from {permalink}. "
        "The answer is as it was computed; document titles, jurisdictions and any tier that "
        "changed since are read at export.",
    ]
    return "\n".join(lines).rstrip("\n") + "\n"


class _Memo:
    """The memo's sections, each a list of lines ending with a blank one."""

    def __init__(self, data: Mapping[str, Any], sources: Mapping[str, SourceFacts]) -> None:
        self.data = data
        self.sources = sources
        self.evidence: Mapping[str, Any] = data.get("evidence") or {}
        self.policy_snapshot: Mapping[str, Any] = data.get("policy") or {}
        self.stored_tiers = _stored_tiers(data)

    def source(self, key: str, *, with_pages: str = "") -> str:
        """``key`` — title · tier · jurisdiction · pages, each part when known."""
        facts = self.sources.get(_document_id(key))
        parts = [md_text(facts.title if facts else f"{_document_id(key)} (no longer in the lane)")]
        parts.append(self.tier(key))
        if facts and facts.jurisdiction:
            parts.append("jurisdiction " + md_text(facts.jurisdiction))
        if with_pages:
            parts.append(md_text(with_pages))
        return f"{md_code(key)} — " + " · ".join(parts)

    def tier(self, key: str) -> str:
        stored = self.stored_tiers.get(key) or self.stored_tiers.get(_document_id(key), "")
        facts = self.sources.get(_document_id(key))
        now = facts.tier_now if facts else ""
        if not stored:
            return "tier " + (md_text(now) + " (now)" if now else "none")
        changed = f" (now {md_text(now or 'none')})" if facts and now != stored else ""
        return f"tier {md_text(stored)}{changed}"

    def facts(self, permalink: str) -> list[str]:
        d, review = self.data, self.data.get("review") or {}
        lines = [
            f"- **Lane:** {md_code(d.get('lane'))}",
            f"- **Status:** {md_text(d.get('status'))}",
            f"- **Trust mode:** {md_text(d.get('mode'))} · **strategy:** "
            f"{md_text(d.get('strategy'))} · **kind:** {md_text(d.get('kind'))}",
            f"- **Asked by:** {md_text(d.get('asked_by') or '—')} on "
            f"{md_text(_when(d.get('created_at')))}",
        ]
        if review.get("verdict"):
            note = f": {md_text(review.get('note'))}" if review.get("note") else ""
            lines.append(
                f"- **Review:** {md_text(review['verdict'])} by {md_text(review.get('by'))}{note}"
            )
        lines += [f"- **Permalink:** <{permalink}>", ""]
        return lines

    def outcome(self) -> list[str]:
        refusal = self.data.get("refusal")
        if refusal:
            code = str(refusal.get("code", ""))
            return [
                "## Refusal",
                "",
                f"**{md_code(code)}**: {md_text(refusal.get('message'))}",
                "",
                md_text(REFUSAL_MEANINGS.get(code, "")),
                "",
            ]
        text = text_with_pages(str(self.data.get("text") or ""), self.data.get("claims") or [])
        quoted = [f"> {md_text(line)}" if line.strip() else ">" for line in text.splitlines()]
        return ["## Answer", "", *quoted, ""]

    def claims(self) -> list[str]:
        claims = self.data.get("claims") or []
        if not claims:
            return []
        lines = ["## Claims", ""]
        for number, claim in enumerate(claims, start=1):
            lines += self.claim(number, claim)
        return lines

    def claim(self, number: int, claim: Mapping[str, Any]) -> list[str]:
        status = str(claim.get("status", ""))
        lines = [
            f"### Claim {number}: {md_text(status)}",
            "",
            f"> {md_text(claim.get('text'))}",
            "",
            f"- **Status:** {md_text(STATUS_MEANINGS.get(status, status))}",
        ]
        if claim.get("caveat"):
            lines.append(f"- **Caveat:** {md_text(claim['caveat'])}")
        attributed = claim.get("attributed_to")
        lines.append(f"- **Attributed to:** {md_code(attributed) if attributed else 'none'}")
        lines += self.citations(claim)
        lines += _violations(claim.get("violations") or [])
        for failure in claim.get("judges_failed") or []:
            lines.append(
                f"- **Judge failed:** {md_code(failure.get('judge'))} on "
                f"{md_code(failure.get('key'))} ({md_text(failure.get('error'))})"
            )
        for correction in claim.get("corrections") or []:
            lines.append(
                f"- **Correction** ({md_text(correction.get('authority'))}) to "
                f"{md_code(correction.get('document_id'))}: {md_text(correction.get('text'))}"
            )
        return [*lines, ""]

    def citations(self, claim: Mapping[str, Any]) -> list[str]:
        pages = {d.get("key"): d.get("pages", "") for d in claim.get("citation_details") or []}
        supported = list(claim.get("supported_by") or [])
        cited = list(claim.get("citations") or [])
        if not cited:
            lines = ["- **Citations:** none"]
        else:
            lines = ["- **Citations:**"]
            for key in cited:
                verdict = "supports the claim" if key in supported else "does not support it"
                lines.append(f"  - {self.source(key, with_pages=pages.get(key) or '')} — {verdict}")
        uncited = [key for key in supported if key not in cited]
        if uncited:
            lines.append("- **Supported by, not cited:**")
            lines += [f"  - {self.source(key)}" for key in uncited]
        return lines

    def withheld(self) -> list[str]:
        rows = self.data.get("withheld_detail") or []
        named = {str(w.get("document_id")) for w in rows}
        rest = [d for d in self.evidence.get("withheld") or [] if d not in named]
        if not rows and not rest:
            return []
        floor = self.policy_snapshot.get("minimum_tier") or self.evidence.get("minimum_tier")
        lines = [
            "## Withheld sources",
            "",
            f"Grounded sources the floor ({md_text(floor or 'none')}) removed, or whose claims "
            "were dropped for standing:",
            "",
        ]
        lines += [f"- {self.source(str(w.get('key') or w.get('document_id')))}" for w in rows]
        lines += [f"- {self.source(d)}" for d in rest]
        return [*lines, ""]

    def inapplicable(self) -> list[str]:
        rows = self.evidence.get("inapplicable") or []
        if not rows:
            return []
        lines = ["## Sources that do not apply", ""]
        for row in rows:
            key = str(row.get("key") or row.get("document_id"))
            lines.append(f"- {self.source(key)}: {md_text(row.get('reason'))}")
        return [*lines, ""]

    def conflicts(self) -> list[str]:
        rows = self.evidence.get("conflicts") or []
        if not rows:
            return []
        lines = ["## Conflicts", ""]
        for row in rows:
            matter = row.get("matter") or row.get("kind")
            values = "; ".join(
                f"{md_text(v.get('value'))} in {md_code(v.get('key'))} ({md_text(v.get('tier'))})"
                for v in row.get("values") or []
            )
            resolved = row.get("resolved_to")
            outcome = (
                f"resolved to {md_text(resolved)}" if resolved else "unresolved (equal authority)"
            )
            overridden = ", ".join(md_code(k) for k in row.get("overridden") or [])
            lines.append(
                f"- {md_text(matter)}: {values}: {outcome}"
                + (f"; overridden: {overridden}" if overridden else "")
            )
        return [*lines, ""]

    def judges_failed(self) -> list[str]:
        rows = self.evidence.get("judges_failed") or []
        if not rows:
            return []
        lines = ["## Judges that failed", ""]
        lines += [
            f"- {md_code(r.get('judge'))} erred on {md_text(r.get('pairs'))} pair(s); its "
            "verdicts are missing and support was decided by the judges that did judge."
            for r in rows
        ]
        return [*lines, ""]

    def policy(self) -> list[str]:
        p = self.policy_snapshot
        order = [md_text(t) for t in reversed(list(p.get("tier_order") or []))]
        judges = ", ".join(md_text(j.get("name")) for j in p.get("judges") or [])
        settings = p.get("settings") or {}
        lines = [
            "## Policy the answer was computed under",
            "",
            f"- **Profile:** {md_text(p.get('profile') or '—')}",
            f"- **Tier order, highest first:** {' > '.join(order) if order else 'none (unranked)'}",
            f"- **Floor (minimum tier):** {md_text(p.get('minimum_tier') or 'none')}",
            f"- **Trust mode:** {md_text(p.get('trust_mode') or self.data.get('mode'))}",
            f"- **Strategy:** {md_text(p.get('strategy') or self.data.get('strategy'))}",
            f"- **Tier metadata key:** {md_code(p.get('metadata_key') or '')}",
            f"- **Lane jurisdiction:** {md_text(p.get('lane_jurisdiction') or 'none')}",
            f"- **Generator:** {md_text((p.get('generator') or {}).get('name') or 'none')}"
            f" · **embedder:** {md_text((p.get('embedder') or {}).get('name') or '—')}"
            f" · **judges:** {judges or '—'}",
        ]
        if "ground_threshold" in settings:
            lines.append(
                f"- **Ground threshold:** {md_text(settings['ground_threshold'])} · "
                f"**ground\\_k:** {md_text(settings.get('ground_k'))} · "
                f"**generate\\_k:** {md_text(settings.get('generate_k'))}"
            )
        return [*lines, ""]

    def signals(self) -> list[str]:
        e = self.evidence
        invariants = ", ".join(md_text(i) for i in e.get("invariants_verified") or []) or "none"
        return [
            "## Signals",
            "",
            f"- **Weakest cited tier:** {md_text(e.get('authority_tier') or 'none')}",
            f"- **All claims verified:** {_yes_no(e.get('all_claims_verified'))}",
            f"- **Groundedness rate:** {_rate(e.get('groundedness_rate'))} · **citation rate:** "
            f"{_rate(e.get('citation_rate'))}",
            f"- **Invariants verified:** {invariants}",
            f"- **Units retrieved / grounded / selected:** {md_text(e.get('retrieved'))} / "
            f"{md_text(e.get('grounded'))} / {md_text(e.get('selected'))}",
            "",
        ]


def _violations(violations: Iterable[Mapping[str, Any]]) -> list[str]:
    lines = []
    for v in violations:
        kind = str(v.get("kind", ""))
        detail = f" ({md_text(v['detail'])})" if v.get("detail") else ""
        lines.append(
            f"- **Violation:** {md_text(kind)}, {md_text(v.get('severity'))}: "
            f"{md_text(VIOLATION_MEANINGS.get(kind, ''))}{detail}"
        )
    return lines


def _stored_tiers(data: Mapping[str, Any]) -> dict[str, str]:
    """The tier each unit (and document) had when the answer was computed, where it says."""
    tiers: dict[str, str] = {}
    for row in [*(data.get("candidates") or []), *(data.get("best_candidates") or [])]:
        tier = row.get("tier") or {}
        name = tier.get("name") if isinstance(tier, Mapping) else tier
        if row.get("key") and name is not None:
            tiers.setdefault(str(row["key"]), str(name))
    for row in data.get("withheld_detail") or []:
        if row.get("key"):
            tiers.setdefault(str(row["key"]), str(row.get("tier") or ""))
    for conflict in (data.get("evidence") or {}).get("conflicts") or []:
        for value in conflict.get("values") or []:
            tiers.setdefault(str(value.get("key")), str(value.get("tier") or ""))
    for key, name in list(tiers.items()):
        tiers.setdefault(_document_id(key), name)
    return tiers


def _when(iso: Any) -> str:
    """An ISO timestamp to the second (the stored one has microseconds)."""
    try:
        return dt.datetime.fromisoformat(str(iso)).isoformat(timespec="seconds")
    except ValueError:
        return str(iso or "")


def _yes_no(value: Any) -> str:
    return "yes" if value else "no"


def _rate(value: Any) -> str:
    try:
        return f"{float(value):.0%}"
    except (TypeError, ValueError):
        return "—"
