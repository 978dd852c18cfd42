"""Scoring a golden set: the metrics reviewers read, computed from answers as the API returns them."""

from __future__ import annotations

from typing import Any

import pytest

from citenexus.evaluation import GoldenQuestion, Outcome, pool, read_golden, score

META = {
    "ca-statute": {"authority_tier": "controlling-statute", "jurisdiction": "CA"},
    "tx-statute": {"authority_tier": "out-of-jurisdiction", "jurisdiction": "TX"},
    "fl-statute": {"authority_tier": "out-of-jurisdiction", "jurisdiction": "FL"},
}


def answered(*keys: str, grounded: float = 1.0) -> dict[str, Any]:
    return {
        "status": "answered",
        "refusal": None,
        "claims": [{"status": "kept", "citations": [k]} for k in keys],
        "evidence": {"groundedness_rate": grounded, "citation_rate": 1.0},
    }


def refused(code: str) -> dict[str, Any]:
    return {"status": "refused", "refusal": {"code": code}, "claims": [], "evidence": {}}


def golden(
    id: str, question: str, status: str, code: str = "", docs: tuple[str, ...] = (), value: str = ""
) -> GoldenQuestion:
    return GoldenQuestion(id, question, "c", status, code, docs, value)


def test_the_metrics_of_a_small_run() -> None:
    outcomes = [
        Outcome(
            golden("a", "How long to return a deposit?", "answered", docs=("ca-statute",)),
            answered("ca-statute#0"),
        ),
        Outcome(
            golden("b", "Notice in Texas?", "answered"), answered("tx-statute#1", grounded=0.5)
        ),
        Outcome(
            golden("c", "Patents?", "refused", "no_relevant_evidence"),
            refused("no_relevant_evidence"),
        ),
        Outcome(
            golden("d", "Notice in Texas?", "refused", "below_authority_floor"),
            answered("fl-statute#0"),
        ),
    ]
    report = score(outcomes, metadata_of=META, lane_jurisdiction="CA")
    assert (report.answered, report.refused) == (3, 1)
    assert report.answer_when_grounded == 1.0
    assert report.abstain_when_no_evidence == 0.5
    assert report.groundedness_rate == round((1.0 + 0.5 + 1.0) / 3, 4)
    assert report.out_of_jurisdiction_citations == 2  # by tier: the Texas and the Florida citation
    assert report.wrong_jurisdiction_citations == 1  # Florida law for a Texas question
    assert report.refusal_code_accuracy == 0.5
    assert report.expected_document_hit_rate == 1.0
    assert [m["id"] for m in report.mismatches] == ["d"]


def test_a_golden_csv_is_read_with_its_document_list() -> None:
    rows = read_golden(
        "id,question,category,expected_status,expected_refusal_code,expected_documents,expected_value,notes\n"
        'A1,"How long, exactly?",answerable,answered,,doc-a;doc-b,21 days,x\n'
    )
    assert rows[0].question == "How long, exactly?"
    assert rows[0].expected_documents == ("doc-a", "doc-b")
    assert rows[0].expected_value == "21 days"


def test_the_expected_value_is_checked_in_any_wording() -> None:
    def said(text: str) -> dict[str, Any]:
        return {
            **answered("ca-statute#0"),
            "claims": [{"status": "kept", "citations": [], "text": text}],
        }

    outcomes = [
        Outcome(
            golden("a", "How long?", "answered", value="21 days"), said("Within twenty-one days.")
        ),
        Outcome(golden("b", "How long?", "answered", value="21 days"), said("Within 30 days.")),
        Outcome(
            golden("c", "How?", "answered", value="certified mail"), said("By Certified Mail.")
        ),
        Outcome(golden("d", "How long?", "answered"), said("Soon.")),  # no value: not counted
    ]
    report = score(outcomes, metadata_of=META)
    assert report.expected_value_rate == round(2 / 3, 4)


def test_the_expected_value_rate_counts_a_refused_answerable_question_as_a_miss() -> None:
    def said(text: str) -> dict[str, Any]:
        return {
            **answered("ca-statute#0"),
            "claims": [{"status": "kept", "citations": ["ca-statute#0"], "text": text}],
        }

    outcomes = [
        Outcome(golden("a", "How long?", "answered", value="21 days"), said("Within 21 days.")),
        Outcome(golden("b", "How long?", "answered", value="30 days"), said("Within 60 days.")),
        Outcome(
            golden("c", "How long?", "answered", value="3 days"), refused("no_relevant_evidence")
        ),
        Outcome(
            golden("d", "How long?", "answered", value="7 days"), refused("below_authority_floor")
        ),
        Outcome(
            golden("e", "What is it?", "answered"), refused("no_relevant_evidence")
        ),  # no value
        Outcome(
            golden("f", "Patents?", "refused", "no_relevant_evidence", value="1 day"), said("1 day")
        ),
    ]
    report = score(outcomes, metadata_of=META)
    assert report.expected_value_rate == 0.25  # 1 of the 4 answerable questions with a value
    assert report.expected_value_rate_when_answered == 0.5  # 1 of the 2 of them answered
    assert report.fractions["expected_value_rate"] == [1, 4]
    assert report.fractions["expected_value_rate_when_answered"] == [1, 2]
    assert report.answer_when_grounded == 0.4  # 2 of the 5 answerable questions answered
    assert report.to_dict()["expected_value_rate"] == 0.25


def test_with_nothing_answered_the_value_rates_part_ways() -> None:
    outcomes = [
        Outcome(
            golden("a", "How long?", "answered", value="21 days"), refused("no_relevant_evidence")
        )
    ]
    report = score(outcomes, metadata_of=META)
    assert report.expected_value_rate == 0.0  # a refusal is a miss
    assert report.expected_value_rate_when_answered == 1.0  # nothing answered: vacuously 1
    assert report.fractions["expected_value_rate_when_answered"] == [0, 0]


def test_every_share_keeps_its_counts() -> None:
    outcomes = [
        Outcome(golden("a", "Q?", "answered", docs=("ca-statute",)), answered("ca-statute#0")),
        Outcome(golden("b", "Q?", "refused", "not_applicable"), refused("not_applicable")),
        Outcome(golden("c", "Q?", "refused", "below_authority_floor"), answered("tx-statute#0")),
    ]
    fractions = score(outcomes, metadata_of=META, lane_jurisdiction="CA").fractions
    assert fractions == {
        "answer_when_grounded": [1, 1],
        "abstain_when_no_evidence": [1, 2],
        "refusal_code_accuracy": [1, 2],
        "expected_document_hit_rate": [1, 1],
        "expected_value_rate": [0, 0],
        "expected_value_rate_when_answered": [0, 0],
        "expected_value_from_document_rate": [0, 0],
    }


def test_a_right_number_from_another_document_is_a_value_but_not_from_the_document() -> None:
    def said(*claims: tuple[str, str, str]) -> dict[str, Any]:
        return {
            **answered(),
            "claims": [
                {"status": status, "citations": [key] if key else [], "text": text}
                for text, key, status in claims
            ],
        }

    docs = ("ca-statute", "ca-guide")
    outcomes = [
        # Quoted from an expected document: both rates count it.
        Outcome(
            golden("a", "How long?", "answered", docs=docs, value="30 days"),
            said(("Within 30 days.", "ca-statute#2", "kept")),
        ),
        # The second expected document is as good as the first.
        Outcome(
            golden("b", "How long?", "answered", docs=docs, value="30 days"),
            said(("Thirty days.", "ca-guide#0", "hedged")),
        ),
        # The right number, from a rule about something else: a value, not from the document.
        Outcome(
            golden("c", "How long?", "answered", docs=docs, value="30 days"),
            said(("Terms change on 30 days' notice.", "tx-statute#0", "kept")),
        ),
        # The expected document is cited, but only a dropped claim of it states the value.
        Outcome(
            golden("d", "How long?", "answered", docs=docs, value="30 days"),
            said(
                ("Within 30 days.", "ca-statute#1", "dropped"),
                ("The notice must be written.", "ca-statute#1", "kept"),
                ("Or 30 days.", "fl-statute#0", "kept"),
            ),
        ),
        # Two values, each stated by a claim of an expected document: both are found.
        Outcome(
            golden("e", "How long?", "answered", docs=docs, value="30 days or 60 days"),
            said(("At least 30 days.", "ca-statute#0", "kept"), ("60 days.", "ca-guide#1", "kept")),
        ),
        # A row naming no document: any claim stating the value counts.
        Outcome(
            golden("f", "How long?", "answered", value="21 days"),
            said(("Within 21 days.", "fl-statute#0", "kept")),
        ),
        Outcome(golden("g", "How long?", "answered", docs=docs, value="7 days"), refused("x")),
        Outcome(
            golden("h", "Who?", "answered", docs=docs), said(("A clerk.", "ca-statute#0", "kept"))
        ),
    ]
    found = [o.value_from_document for o in outcomes]
    assert found == [True, True, False, False, True, True, False, None]
    assert [o.value_found for o in outcomes[:4]] == [True, True, True, True]
    report = score(outcomes, metadata_of=META)
    assert report.fractions["expected_value_rate"] == [6, 7]
    assert report.fractions["expected_value_from_document_rate"] == [4, 7]
    assert report.expected_value_from_document_rate == round(4 / 7, 4)
    pooled = pool([report.to_dict(), report.to_dict()])
    assert pooled["fractions"]["expected_value_from_document_rate"] == [8, 14]
    assert pooled["expected_value_from_document_rate"] == round(8 / 14, 4)


GOLDEN_HEADER = (
    "id,question,category,expected_status,expected_refusal_code,expected_documents,"
    "expected_value,notes"
)


def test_the_profile_column_is_optional_and_names_the_unranked_policy() -> None:
    without = read_golden(GOLDEN_HEADER + "\nA1,Q?,answerable,answered,,d,21 days,x\n")
    assert without[0].profile == "" and not without[0].unranked
    rows = read_golden(
        GOLDEN_HEADER
        + ",profile\n"
        + "A1,Q?,answerable,answered,,d,21 days,x,\n"
        + "U1,Q?,unranked,answered,,d,21 days,x, default.v1 \n"
    )
    assert [(r.id, r.profile, r.unranked) for r in rows] == [
        ("A1", "", False),
        ("U1", "default.v1", True),
    ]


def test_an_unknown_profile_in_a_golden_row_is_an_error() -> None:
    with pytest.raises(ValueError, match="U1.*ordered.v2"):
        read_golden(GOLDEN_HEADER + ",profile\nU1,Q?,unranked,answered,,d,21 days,x,ordered.v2\n")


def test_pooling_adds_counts_instead_of_averaging_percentages() -> None:
    small = score(
        [Outcome(golden("a", "Q?", "answered", value="21 days"), refused("no_relevant_evidence"))],
        metadata_of=META,
    ).to_dict()
    big = score(
        [
            Outcome(
                golden(str(i), "Q?", "answered", value="21 days"),
                {
                    **answered("tx-statute#0", grounded=0.5),
                    "claims": [
                        {"status": "kept", "citations": ["tx-statute#0"], "text": "21 days"}
                    ],
                },
            )
            for i in range(3)
        ],
        metadata_of=META,
        lane_jurisdiction="CA",
    ).to_dict()
    pooled = pool([small, big])
    assert pooled["expected_value_rate"] == 0.75  # 3 of 4, not the mean of 0% and 100%
    assert pooled["fractions"]["expected_value_rate"] == [3, 4]
    assert pooled["expected_value_rate_when_answered"] == 1.0
    assert (pooled["total"], pooled["answered"], pooled["refused"]) == (4, 3, 1)
    assert pooled["out_of_jurisdiction_citations"] == 3
    assert pooled["groundedness_rate"] == 0.5  # weighted by answered questions: small has none
    assert pooled["by_category"] == {"c": {"total": 4, "as_expected": 3}}
    assert pooled["mismatches"] == []


def test_pooling_nothing_gives_an_empty_report() -> None:
    pooled = pool([])
    assert pooled["total"] == 0 and pooled["fractions"] == {}


def test_a_nationwide_source_is_in_jurisdiction_on_a_state_lane() -> None:
    meta = {
        "us-statute": {"authority_tier": "statute", "jurisdiction": "US"},
        "ca-spelled": {"authority_tier": "statute", "jurisdiction": "California"},
        "eu-rule": {"authority_tier": "statute", "jurisdiction": "EU"},
        "tx-statute": {"authority_tier": "statute", "jurisdiction": "TX"},
    }
    outcomes = [
        Outcome(golden("a", "How long?", "answered"), answered("us-statute#0", "ca-spelled#1")),
        Outcome(golden("b", "How long in Texas?", "answered"), answered("us-statute#0")),
        Outcome(golden("c", "How long in Texas?", "answered"), answered("tx-statute#0")),
        Outcome(golden("d", "How long?", "answered"), answered("eu-rule#0")),
    ]
    report = score(outcomes, metadata_of=meta, lane_jurisdiction="CA")
    # Only the Texas statute (another state) and the EU rule (another country) are outside CA.
    assert report.out_of_jurisdiction_citations == 2
    # Only the EU rule: US law applies in Texas, and the Texas statute answers a Texas question.
    assert report.wrong_jurisdiction_citations == 1
    us_lane = score(outcomes, metadata_of=meta, lane_jurisdiction="US")
    assert us_lane.out_of_jurisdiction_citations == 3  # CA, TX, EU: a state is not the nation


def test_applies_in_follows_the_pipeline_rule() -> None:
    from citenexus.domain.applicability import applies_in

    assert applies_in("US", ["CA"]) and applies_in("federal", ["CA", "TX"])
    assert applies_in("California", ["CA"]) and applies_in("ca", ["California"])
    assert not applies_in("CA", ["US"]) and not applies_in("US", ["european union"])
    assert not applies_in("TX", ["CA"])


def test_a_document_naming_no_jurisdiction_is_scored_as_its_lanes() -> None:
    """The failure the jurisdiction rule exists for: a Texas question answered from an unmarked
    California statute is a wrong-jurisdiction citation, not a harmless one."""
    meta = {"ca-unmarked": {"authority_tier": "statute"}}
    outcomes = [Outcome(golden("t", "Notice in Texas?", "refused"), answered("ca-unmarked#0"))]
    report = score(outcomes, metadata_of=meta, lane_jurisdiction="CA")
    assert report.wrong_jurisdiction_citations == 1
    assert report.out_of_jurisdiction_citations == 0  # it is of the lane's own jurisdiction


def test_under_the_unranked_profile_only_where_the_question_asks_counts() -> None:
    """Without tiers, a Texas statute answering a Texas question is not out of jurisdiction;
    a Texas statute answering a California question is."""
    texas = GoldenQuestion("u1", "Notice in Texas?", "unranked", "answered", profile="default.v1")
    home = GoldenQuestion("u2", "Notice?", "unranked", "answered", profile="default.v1")
    outcomes = [Outcome(texas, answered("tx-statute#0")), Outcome(home, answered("tx-statute#0"))]
    report = score(outcomes, metadata_of=META, lane_jurisdiction="CA")
    assert report.out_of_jurisdiction_citations == 1
    assert report.wrong_jurisdiction_citations == 1
