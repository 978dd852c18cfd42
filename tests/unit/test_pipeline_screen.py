"""The lexical screen spares the judges an uncited unit that cannot support a claim
(docs/design.md#judging): the verdicts are the same, the full judges run on fewer pairs."""

from __future__ import annotations

from citenexus import CiteNexus
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import Judgment, Unit
from citenexus.judges import LexicalJudge
from tests.support.fakes import WordHashEmbedder

QUESTION = "When must the landlord return the security deposit?"
STATUTE = "The landlord shall return the security deposit within 21 days after the tenant leaves."
BLOG = "Security deposits are a common worry; ask the landlord early about the deposit."
CLAIM = "The landlord shall return the security deposit within 21 days after the tenant leaves."


class Config:
    def policy(self) -> AuthorityPolicy:
        return AuthorityPolicy.unranked()


class CountingLexical(LexicalJudge):
    """The lexical judge, recording every unit it fully judges."""

    def __init__(self) -> None:
        super().__init__()
        self.judged: list[str] = []

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        self.judged.append(unit.key)
        return super().judge(claim, unit)


def test_an_uncited_unit_the_screen_rules_out_is_not_judged_in_full() -> None:
    judge = CountingLexical()
    rag = CiteNexus.from_config(Config(), embedder=WordHashEmbedder(), judges=[judge])
    rag.ingest(STATUTE, document_id="statute")
    rag.ingest(BLOG, document_id="blog")
    answer = rag.verify(QUESTION, [{"text": CLAIM, "citations": ["statute#0"]}], mode="normal")
    grounded = {c["key"] for c in answer.candidates if c["stage"] != "below_threshold"}
    assert "blog#0" in grounded  # the blog was a candidate for judging ...
    assert judge.judged == ["statute#0"]  # ... and only the cited statute was judged in full
    (claim,) = answer.claims
    assert claim.supported_by == ("statute#0",)
