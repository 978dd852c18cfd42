"""The lexical judge says neutral on a claim that states its passage's rule for more cases, or
for someone else, than the passage does (citenexus/judges/generality.py;
docs/design.md#judges-that-decline-and-the-judge-benchmark). Each reading is shown with the
faithful claims it must leave alone, in fields no example lane covers (a library, a club, a
shipping line), so no lane's words stand behind them."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.domain.vocabulary import EMPTY, active
from citenexus.judges import LexicalJudge
from citenexus.judges.align import Alignment
from citenexus.judges.generality import (
    _head,
    _kind_of,
    _preposition_added,
    _restricted_behind,
    alternative_added,
    free_choice_added,
    possessor_named,
    restriction_cut_off,
    universal_on_restricted,
    widened,
)
from citenexus.judges.lexical import align_claim
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import tokenize

JUDGE = LexicalJudge()
THRESHOLDS = JudgeThresholds()

RETURNS = (
    "(a) A borrower who returns a book late shall pay a fee of $1 for each day. "
    "(b) A book that is returned damaged may be replaced at the borrower's cost."
)
MAILED = (
    "(c) The notice may be handed to the member in person. A notice that is mailed at least "
    "six days before the meeting is presumed timely."
)
SCOPE = (
    "This part applies to the operator of a vessel or barge carrying passengers, and to any "
    "operator that charges a fare. It applies in every port."
)
YEAR = "The limit applies to a club that, during the preceding calendar year, held 12 events."
EVENTS = "A member may not bring a guest to more than 4 events in any 12-month period."
PURPOSES = (
    "A member may object to the use of the member's photograph for purposes of publicity in "
    "furtherance of a fundraising campaign."
)
HALLS = "A club may rent its hall for private events on weekdays."
CONSENT = (
    "A club that obtains the consent of a junior member's parent or guardian may publish the "
    "junior member's name."
)


def verdict(claim: str, text: str) -> Verdict | None:
    found = JUDGE.judge(claim, Unit("doc", 1, text))
    return None if found is None else found.verdict


def aligned(claim: str, text: str) -> Alignment:
    with active(EMPTY):
        return align_claim(claim, Unit("doc", 1, text), THRESHOLDS)


# Free choice: "for whatever reason", ", however it is delivered".
@pytest.mark.parametrize(
    "claim",
    [
        "A notice, however it is delivered, is presumed timely if it is sent at least six days "
        "before the meeting.",
        "A notice sent for whatever reason at least six days before the meeting is presumed "
        "timely.",
        "A notice that is mailed at least six days before the meeting is presumed timely, "
        "regardless of the sender.",
    ],
)
def test_a_free_choice_phrase_the_passage_lacks_widens_the_rule(claim: str) -> None:
    assert free_choice_added(aligned(claim, MAILED))
    assert verdict(claim, MAILED) is Verdict.NEUTRAL


def test_free_choice_words_the_passage_uses_or_that_open_no_phrase_are_not_read() -> None:
    # "whatever" as the object of a verb ("pay whatever is owed") restricts nothing
    owed = "A borrower shall pay whatever is owed for each day late."
    assert not free_choice_added(aligned(owed, "A borrower shall pay whatever is owed daily."))
    # the passage says it too
    both = "A notice, however delivered, is presumed timely."
    assert not free_choice_added(aligned("A notice, however delivered, is presumed timely.", both))
    # the passage has a free-choice phrase of its own: another one paraphrases it
    labelled = "A club may not charge a fee, however labelled, above $10."
    called = "A club may not charge a fee above $10, whatever it is called."
    assert not free_choice_added(aligned(called, labelled))
    assert verdict(called, labelled) is not Verdict.NEUTRAL
    # a sentence's first word has no word in front of it to open a phrase from
    assert not free_choice_added(aligned("However the notice is mailed, it is timely.", MAILED))
    assert (
        verdict(
            "A notice that is mailed at least six days before the meeting is presumed timely.",
            MAILED,
        )
        is Verdict.ENTAILS
    )


# "any" of what the passage restricts.
@pytest.mark.parametrize(
    ("claim", "text"),
    [
        # a restriction behind the thing, over coordinated words
        ("This part applies to the operator of any vessel or barge, in every port.", SCOPE),
        # a relative clause behind it
        ("Any book may be replaced at the borrower's cost.", RETURNS),
        # words in front of it
        ("The limit applies to a club that, during any year, held 12 events.", YEAR),
    ],
)
def test_any_of_a_thing_the_passage_restricts_widens_the_rule(claim: str, text: str) -> None:
    assert universal_on_restricted(aligned(claim, text))
    assert verdict(claim, text) is Verdict.NEUTRAL


def test_any_of_a_thing_the_passage_leaves_unrestricted_or_says_any_of_is_faithful() -> None:
    # "A borrower who ..." is restricted, but the claim keeps the restriction's words
    kept = "Any borrower who returns a book late shall pay a fee of $1 for each day."
    assert not universal_on_restricted(aligned(kept, RETURNS))
    assert verdict(kept, RETURNS) is Verdict.ENTAILS
    # the passage says "any 12-month period" itself
    same = "A member may not bring a guest to more than 4 events in any 12-month period."
    assert not universal_on_restricted(aligned(same, EVENTS))
    # "a hall" restricted by nothing: "any hall" reads as the passage's "its hall"
    assert not universal_on_restricted(aligned("A club may rent any hall for events.", HALLS))
    # "any" with no word of the passage behind it, or none at all
    assert not universal_on_restricted(aligned("Any fee is $1 for each day.", "Fees vary."))
    assert not universal_on_restricted(aligned("A borrower shall pay any.", RETURNS))
    assert not universal_on_restricted(aligned("A borrower shall pay any, daily.", RETURNS))


# A quote that stops on a word the passage goes on to restrict.
def test_a_quote_cut_off_before_the_passages_restriction_widens_the_rule() -> None:
    claim = "A member may object to the use of the member's photograph for publicity."
    assert restriction_cut_off(aligned(claim, PURPOSES))
    assert verdict(claim, PURPOSES) is Verdict.NEUTRAL
    # a contiguous fragment of the passage is a quote (docs/design.md): support
    quote = "A member may object to the use of the member's photograph for purposes of publicity."
    assert not restriction_cut_off(aligned(quote, PURPOSES))
    assert verdict(quote, PURPOSES) is Verdict.ENTAILS
    # the claim keeps the restriction: faithful
    whole = (
        "A member may object to the use of the member's photograph for purposes of publicity "
        "in furtherance of a fundraising campaign."
    )
    assert not restriction_cut_off(aligned(whole, PURPOSES))
    assert verdict(whole, PURPOSES) is Verdict.ENTAILS
    # a passage word followed by nothing, or by a word that restricts nothing
    assert not restriction_cut_off(aligned("A club may rent its hall.", HALLS))
    assert not restriction_cut_off(aligned("rent its hall for private events on weekdays", HALLS))
    assert not restriction_cut_off(aligned("The fee is one dollar.", "Nothing here."))


def test_a_restriction_is_only_read_up_to_the_next_quoted_word() -> None:
    # "with" opens a phrase, but its only word ("fee") is quoted: nothing left out
    text = "A member with a fee waiver may attend."
    assert not restriction_cut_off(aligned("A member may attend with a fee waiver.", text))
    # "in" behind the last quoted word and nothing but a comma after it
    assert not restriction_cut_off(
        aligned("A club may rent its hall in", "A club may rent its hall in, always.")
    )


# An alternative the passage does not name.
@pytest.mark.parametrize(
    "claim",
    [
        "A club may rent its hall for private or public events on weekdays.",
        "A club may rent its hall for private events on weekdays or weekends.",
    ],
)
def test_an_alternative_the_passage_does_not_name_widens_the_rule(claim: str) -> None:
    assert alternative_added(aligned(claim, HALLS))
    assert verdict(claim, HALLS) is Verdict.NEUTRAL


def test_alternatives_the_passage_names_or_coordinated_quoted_words_are_faithful() -> None:
    # "and" joining a second predicate said in other words is not an alternative
    assert not alternative_added(
        aligned("A club may rent its hall for private events and charges dues.", HALLS)
    )
    assert not alternative_added(aligned("A vessel or barge carrying passengers.", SCOPE))
    # neither side quoted, or a coordinator with no word on one side
    assert not alternative_added(aligned("Tea or coffee is served.", HALLS))
    assert not alternative_added(aligned("A club may rent its hall, or", HALLS))
    assert not alternative_added(aligned("or a club may rent its hall", HALLS))


# The owner named for what is owned.
def test_naming_the_owner_for_what_is_owned_puts_another_party_in_the_rule() -> None:
    claim = "A club that obtains the consent of a junior member may publish the member's name."
    assert possessor_named(aligned(claim, CONSENT))
    assert verdict(claim, CONSENT) is Verdict.NEUTRAL
    # the owned word last in the passage, the owner behind a function word
    assert possessor_named(
        aligned(
            "A club needs the consent of the member.",
            "A club needs the consent of the member's parent",
        )
    )


def test_the_owner_with_what_is_owned_in_other_words_is_faithful() -> None:
    # the owned word said in another place of the claim
    of = (
        "A club that obtains the consent of a parent of a junior member may publish the junior "
        "member's name."
    )
    assert not possessor_named(aligned(of, CONSENT))
    # the claim keeps the possessive
    same = "A club that obtains the consent of a junior member's parent may publish the name."
    assert not possessor_named(aligned(same, CONSENT))
    # the claim keeps the possessive and names another of the owned: not the owner for them
    guardian = (
        "A club that obtains the consent of a junior member's guardian may publish the junior "
        "member's name."
    )
    assert not possessor_named(aligned(guardian, CONSENT))
    # a possessive at the passage's end owns nothing
    assert not possessor_named(aligned("The hall is the club.", "The hall is the club's"))


def test_widened_is_any_of_the_readings() -> None:
    faithful = aligned("A borrower who returns a book late shall pay a fee.", RETURNS)
    assert not widened(faithful)
    for claim, text in (
        ("A notice sent for whatever reason is presumed timely.", MAILED),
        ("Any book may be replaced at the borrower's cost.", RETURNS),
        ("A member may object to the use of the member's photograph for publicity.", PURPOSES),
        ("A club may rent its hall for private or public events on weekdays.", HALLS),
        ("A club that obtains the consent of a junior member may publish the name.", CONSENT),
    ):
        assert widened(aligned(claim, text)), claim


def _head_word(text: str) -> str | None:
    tokens = tokenize(text)
    found = _head(tokens, 1)  # behind the leading "any"
    return None if found is None else tokens[found].word


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("any hall", "hall"),
        ("any big hall", "hall"),  # over a run of words to the last
        ("any big old hall door", "door"),
        ("any of the halls", "halls"),  # over words that are not content
        ("any of halls", "halls"),
        ("any such a hall", "hall"),
        ("any hall or room", "room"),  # over coordinated words
        ("any hall and big room", "room"),
        ("any hall or", "hall"),  # a coordinator with nothing behind it
        ("any, hall", None),  # a phrase ends first
        ("any of the", None),  # nothing but function words
        ("any", None),
    ],
)
def test_the_head_of_a_phrase_is_its_last_word_over_coordination(
    text: str, head: str | None
) -> None:
    with active(EMPTY):
        assert _head_word(text) == head


def _behind(text: str, word: str, quoted: tuple[str, ...] = ()) -> bool:
    tokens = tokenize(text)
    words = [t.word for t in tokens]
    used = {words.index(w) for w in (word, *quoted)}
    return _restricted_behind(tokens, words.index(word), used)


@pytest.mark.parametrize(
    ("text", "word", "quoted", "restricted"),
    [
        ("a vessel chartered for cruises sails", "vessel", (), True),  # an "-ed" participle
        ("a vessel carrying cargo sails", "vessel", (), True),  # an "-ing" participle
        ("a website directed.", "website", (), True),  # the participle alone is the restriction
        ("a club that holds events", "club", (), True),
        ("a club that holds.", "club", (), True),  # the clause's first word after the opener
        ("a club with a hall", "club", (), True),
        ("a club that is.", "club", (), False),  # a clause with no content word
        ("a club with a hall", "club", ("hall",), False),  # its only word quoted
        ("a club with a big hall", "club", ("hall",), True),  # "big" before the quoted word
        ("a club with, a hall", "club", (), False),  # the phrase ends first
        ("a club hall", "club", (), False),  # no opener: a compound
        ("a club", "club", (), False),  # nothing behind it
        ("it is deposited in the mail", "deposited", (), False),  # behind a verb
        ("a member may object in writing", "object", (), False),  # behind a modal
        ("to file with the clerk", "file", (), False),
        ("deposited in the mail is", "deposited", (), True),  # the first word has none in front
    ],
)
def test_what_restricts_a_word_behind_it(
    text: str, word: str, quoted: tuple[str, ...], restricted: bool
) -> None:
    with active(EMPTY):
        assert _behind(text, word, quoted) is restricted


def test_each_any_of_the_claim_is_read() -> None:
    # the first "any" names nothing the passage has; the second a thing it restricts
    assert universal_on_restricted(
        aligned("In any event, any book may be replaced at the borrower's cost.", RETURNS)
    )
    # the restricting word is the passage's first
    assert universal_on_restricted(
        aligned("Any members may borrow books.", "Junior members may borrow books.")
    )


@pytest.mark.parametrize(
    ("claim", "added"),
    [
        ("Private or public events are held in its hall.", True),  # the claim's second word
        ("A club may rent its hall for private events on weekdays or weekends", True),  # last
        ("Or private events are rented in its hall", False),  # opens the claim
        # a comma before the "or" is stepped over: "hall" and "private" are both quoted
        ("A club may rent its hall, or private events on weekdays.", False),
        ("A club may rent its hall for private events on weekdays, and weekends.", False),
        # a determiner right behind the "or" is stepped over too: "public" is added
        ("A club may rent its hall for private or the public events on weekdays.", True),
        ("A club may rent its hall for private events on weekdays, or weekends.", True),
    ],
)
def test_an_alternative_is_read_between_two_words_of_the_claim(claim: str, added: bool) -> None:
    assert alternative_added(aligned(claim, HALLS)) is added


def test_the_owned_word_is_the_one_right_behind_the_possessive() -> None:
    # "signed" dropped, "form" (two words on) quoted: the claim names the member's form
    assert possessor_named(
        aligned("A club keeps the member form.", "A club keeps the member's signed form.")
    )


def test_a_free_choice_word_is_read_from_the_claims_second_word_on() -> None:
    # "For whatever reason": the free-choice word is the claim's second
    claim = "For whatever reason, a notice mailed at least six days before the meeting is timely."
    assert free_choice_added(aligned(claim, MAILED))
    # the claim's first word has no word in front of it, not even the claim's last
    first = "Whatever the sender, a notice mailed six days before the meeting is timely, for"
    assert not free_choice_added(aligned(first, MAILED))


def test_a_passage_that_says_any_of_the_thing_is_not_read_and_the_next_any_is() -> None:
    # "Any member who pays dues": the passage says "any" of it too
    assert not universal_on_restricted(
        aligned("Any member may vote.", "Any member who pays dues may vote.")
    )
    # the first "any" the passage says too; the second names a book the passage restricts
    assert universal_on_restricted(
        aligned("Any member may borrow any book.", "Any member may borrow a book that is new.")
    )


def test_a_free_choice_word_the_passage_uses_only_outside_the_aligned_sentences_is_read() -> None:
    text = (
        "Whatever happens, the hall is old. The roof leaks. The door sticks. The gate is red. "
        "A notice that is mailed at least six days before the meeting is presumed timely."
    )
    claim = "A notice sent for whatever reason at least six days before the meeting is timely."
    assert free_choice_added(aligned(claim, text))


WAIVER = (
    "A club rule by which a member gives up the right to use the appeal in this section is void."
)


@pytest.mark.parametrize(
    ("claim", "widens"),
    [
        # "<thing> of any kind" is "any <thing>": the passage restricts the appeal to this section
        ("Any club rule by which a member gives up an appeal of any kind is void.", True),
        ("A club rule by which a member gives up appeals of any sort is void.", True),
        # "of any" not followed by a word for a kind, or a kind with nothing in front of it
        ("A club rule by which a member gives up the appeal of any member is void.", False),
    ],
)
def test_a_thing_of_any_kind_is_any_thing(claim: str, widens: bool) -> None:
    assert universal_on_restricted(aligned(claim, WAIVER)) is widens


def test_the_kind_reading_needs_of_and_a_kind_word() -> None:
    tokens = tokenize("a remedy of any kind")
    assert _kind_of(tokens, 3) == 1
    assert _kind_of(tokenize("of any kind"), 1) is None  # nothing in front of "of"
    assert _kind_of(tokenize("a remedy for any kind"), 3) is None  # not "of"
    assert _kind_of(tokenize("a remedy of any member"), 3) is None  # not a kind
    assert _kind_of(tokenize("a remedy of any"), 3) is None  # nothing behind "any"
    assert _kind_of(tokenize("the of any kind"), 2) is None  # no content word before "of"


def test_a_preposition_offered_as_a_case_of_its_own_widens() -> None:
    """ "During or outside opening hours" offers a case the passage never names; a preposition
    the passage uses there too, or a word that is no such preposition, is not read."""
    passage = "A club shall not use a member's card to track the member outside opening hours."
    widened_claim = (
        "A club shall not use a member's card to track the member, whether during or outside "
        "opening hours."
    )
    assert alternative_added(aligned(widened_claim, passage))
    assert verdict(widened_claim, passage) is Verdict.NEUTRAL
    both = "A club shall not use a member's card inside or outside opening hours."
    assert not alternative_added(
        aligned(both, "A club shall not use a member's card inside or outside opening hours.")
    )
    plain = "A club shall not use a member's card to track the member, whether or not outside."
    assert not alternative_added(aligned(plain, passage))


def test_a_preposition_is_added_only_where_the_aligned_sentences_never_use_it() -> None:
    claim = "A club shall not track a member during or outside opening hours."
    during = next(t for t in tokenize(claim) if t.word == "during")
    elsewhere = (
        "During the fair, members talk. A club shall not track a member outside opening hours."
    )
    assert _preposition_added(aligned(claim, elsewhere), during)
    here = "A club shall not track a member during or outside opening hours."
    assert not _preposition_added(aligned(claim, here), during)
    # a claim that opens with the alternative
    opening = "During or outside opening hours, a club shall not track a member."
    assert alternative_added(
        aligned(opening, "Outside opening hours, a club shall not track a member.")
    )
    # a word in front of the "or" that is no such preposition
    member = next(t for t in tokenize(claim) if t.word == "member")
    assert not _preposition_added(aligned(claim, elsewhere), member)


def test_a_preposition_is_read_only_in_front_of_an_alternative_the_passage_has() -> None:
    """ "during or after the fair" where the passage names no fair narrows the claim its own
    way: no alternative to a word of the passage is offered."""
    claim = "A club shall not track a member during or after the fair."
    assert not alternative_added(aligned(claim, "A club shall not track a member."))
