"""Answer selection per answer type (citenexus/domain/answer_fit.py through the question frame,
citenexus/domain/question.py): the sentence that answers the kind of question asked beats one
that shares more of its words. One test per answer type and per cause fixed (docs/evaluation.md,
"Answer selection by answer type")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.answer_fit import answer_score, states_count, states_means
from citenexus.domain.conditions import MET, count_conditions, count_facts, count_fit
from citenexus.domain.conflicts import DATE, DAYS
from citenexus.domain.model import Unit
from citenexus.domain.question import COUNT, DURATION, MANNER, read_question
from citenexus.domain.readings import DEADLINE, LEAD
from citenexus.domain.vocabulary import stem
from citenexus.generators.extractive import (
    MAX_WHOLE_LIST_CHARS,
    ExtractiveGenerator,
    goes_on,
    whole_list,
    with_referent,
)

# --- one kind, read once -------------------------------------------------------------------------


def test_a_lead_time_asked_without_the_word_days_is_still_a_duration() -> None:
    # "how far in advance" asks for a duration; the value bonus used to follow a second pattern
    # list that missed it, so a sentence with the six days lost to one with none.
    question = "If the owner mails a notice of a visit, how far in advance must it be mailed?"
    frame = read_question(question)
    assert (frame.answer_type, frame.scored_kind) == (DURATION, DAYS)
    answer = "A notice that is mailed at least six days before the intended visit is reasonable."
    mailed = "A notice that is mailed is treated as given on the date it is deposited in the mail."
    assert answer_score(question, answer) > answer_score(question, mailed)


def test_a_when_question_asks_for_a_day_not_for_a_length_of_time() -> None:
    question = "If the last day of my period lands on a public holiday, when is the real deadline?"
    assert read_question(question).scored_kind == DATE
    answer = (
        "If the last day for performing an act falls on a holiday, the period is extended to and "
        "includes the next day that is not a holiday."
    )
    other = "If the notice is served by mail, the period of notice is extended by five days."
    assert answer_score(question, answer) > answer_score(question, other)


def test_a_when_question_with_a_stated_date_is_not_rewarded_twice() -> None:
    question = "When does the period start?"
    dated = "The period starts on the day after January 5, 2024."
    plain = "The period starts on the day after the notice."
    # The dated sentence earns the date bonus once, not once more for "on the day".
    assert answer_score(question, dated) - answer_score(question, plain) < 0.5


# --- counts --------------------------------------------------------------------------------------


def test_a_count_question_reads_what_it_counts() -> None:
    frame = read_question("How many times a year can I ask for a copy of my data?")
    assert (frame.answer_type, frame.counted) == (COUNT, stem("times"))
    frame = read_question("What number of Colorado consumers brings a company under the act?")
    assert (frame.answer_type, frame.counted) == (COUNT, stem("consumers"))
    assert read_question("How many days do I have?").answer_type == DURATION


def test_a_count_of_what_is_asked_beats_a_sentence_with_more_of_its_words() -> None:
    question = "How many times a year can I ask a company for a copy of my data?"
    answer = "A person may exercise this right no more than two times per calendar year."
    wordy = "You can ask a company to tell you whether it has data about you and to give a copy."
    assert answer_score(question, answer) > answer_score(question, wordy)


def test_a_count_is_read_past_comparators_and_names() -> None:
    assert states_count("Notify 500 or more Colorado residents of the breach.", stem("residents"))
    assert not states_count("Notify the residents within 30 days.", stem("residents"))
    assert not states_count("No more than two times per year.", "")


# --- manner --------------------------------------------------------------------------------------


def test_a_manner_question_prefers_the_sentence_that_says_how() -> None:
    question = "How does a landlord have to deliver a notice ending a month-to-month tenancy?"
    assert read_question(question).answer_type == MANNER
    how = (
        "The notice may be given by delivering a copy to the other party in person, or by "
        "sending a copy by certified or registered mail."
    )
    about = "Within a reasonable time after either party gives notice ending the tenancy, the "
    about += "landlord shall tell the tenant in writing that the tenant may ask for an inspection."
    assert answer_score(question, how) > answer_score(question, about)


def test_a_gerund_is_a_means_only_for_the_question_own_verb() -> None:
    deliver = frozenset({stem("deliver")})
    assert states_means("It may be served by delivering a copy.", deliver)
    assert not states_means("A tenant may end the tenancy by giving written notice.", deliver)
    assert states_means("It may be sent by certified or registered mail.")
    assert states_means("It may be handed over in person.")
    assert not states_means("The notice must be in writing.")


def test_a_channel_named_by_an_adverb_is_a_means() -> None:
    # Written blind for new fields (docs/evaluation.md, "Answer selection on texts the code never
    # saw"): "shall be transmitted electronically to the pharmacy" says how, as "by fax" does.
    assert states_means("The prescription shall be transmitted electronically to the pharmacy.")
    assert states_means("Prescriptions may be transmitted orally.")
    assert states_means("The result may be given verbally.")
    assert not states_means("The records are kept electronic and indexed.")


def test_in_what_form_or_by_what_means_asks_for_a_manner() -> None:
    for question in (
        "In what form does the company have to tell me about the change?",
        "By what means must the notice reach the tenant?",
        "Through what method is the request filed?",
        "In what way may a parent ask for the records?",
    ):
        assert read_question(question).answer_type == MANNER, question
    assert read_question("What form do I fill in?").answer_type != MANNER
    answer = (
        "An employer shall notify each employee of a change by a statement delivered in person."
    )
    other = "A notice of a change shall be given at least 7 days before the change takes effect."
    question = "In what form does the employer have to tell me about the change?"
    assert answer_score(question, answer) > answer_score(question, other)


# --- what the question names as known ------------------------------------------------------------


def test_what_the_question_names_as_known_is_not_the_answer() -> None:
    question = "Besides the residents and the attorney general, who else must the company notify?"
    assert read_question(question).known == ("the residents and the attorney general",)
    known = "The company shall also notify the attorney general of the breach."
    other = (
        "The company shall also notify all nationwide consumer reporting agencies of the breach."
    )
    assert answer_score(question, other) > answer_score(question, known)


# --- stated facts pick the branch: counts ---------------------------------------------------------


def test_a_stated_count_meets_the_threshold_of_the_same_thing() -> None:
    question = "A breach exposed the data of 1,500 residents. Who else must the company notify?"
    assert (
        count_fit(
            question,
            "If it must notify more than 1,000 residents, it shall also notify the agencies.",
        )
        == MET
    )
    assert (
        count_fit(question, "If it must notify 500 or more residents, it shall notify the office.")
        == MET
    )
    # a threshold on another thing, or a number below the threshold, rules nothing in or out
    assert (
        count_fit(question, "If it employs more than 1,000 people, it shall file a report.") is None
    )
    assert count_fit(question, "If it must notify 2,000 or more residents, it shall file.") is None


def test_a_count_threshold_with_its_comparator_after_the_noun() -> None:
    assert count_conditions("It applies to a controller of the data of 100,000 consumers or more.")
    assert count_facts("It keeps the data of about 80,000 shoppers a year.")
    # an exact number of things a rule sets is no threshold
    assert not count_conditions("The controller shall answer two requests.")


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=1, max_value=10**6))
def test_a_count_fact_meets_a_threshold_exactly_when_it_is_above_it(fact: int, bar: int) -> None:
    question = f"The company holds the data of {fact:,} residents. Who must it tell?"
    sentence = f"If it holds the data of more than {bar:,} residents, it shall tell the office."
    assert (count_fit(question, sentence) == MET) == (fact > bar)


# --- a sentence that points back is quoted with what it points to --------------------------------


def test_a_sentence_that_points_back_is_quoted_with_the_one_before_it() -> None:
    sentences = [
        "If the parties pay the rent by the month, the hiring is presumed to be from month to month.",
        "The same rule applies when the tenant stays on without signing a new lease.",
    ]
    assert with_referent(sentences, 1) == " ".join(sentences)
    assert with_referent(sentences, 0) == sentences[0]
    assert with_referent(["It applies to every lease."], 0) == "It applies to every lease."


# --- a sentence that goes on about the quoted one with a value is quoted after it ---------------

ASK = "Within a reasonable time, the owner shall tell the buyer that the buyer may ask for an inspection."
WHEN = "The inspection may take place no earlier than two weeks before the closing."


@pytest.mark.parametrize(
    ("following", "goes"),
    [
        (WHEN, True),
        # up to two words between "the" and the thing named, "inspections" folded to "inspection"
        ("The initial buyer inspections must end within 5 days.", True),
        ("The owner's final walk-through inspection is held 3 days before.", False),  # 3 words
        # a thing the sentence before does not name, no value, no verb behind the thing
        ("The appraisal may take place no earlier than two weeks before the closing.", False),
        ("The inspection may take place before the closing.", False),
        ("The inspection of 2 rooms.", False),
        ("An inspection may take place no earlier than two weeks before the closing.", False),
    ],
)
def test_a_sentence_goes_on_about_the_thing_named_with_a_value(following: str, goes: bool) -> None:
    assert goes_on(ASK, following) is goes


def test_the_sentence_that_goes_on_is_quoted_after_the_one_it_continues() -> None:
    sentences = [ASK, WHEN, "The buyer pays the fee."]
    assert with_referent(sentences, 0) == f"{ASK} {WHEN}"
    assert with_referent(sentences, 1) == WHEN  # "The buyer pays" states no value
    assert with_referent([ASK], 0) == ASK
    draft = ExtractiveGenerator().generate(
        "Can the buyer ask for an inspection?", [Unit("sale", 0, f"{ASK} {WHEN}")]
    )
    assert draft.segments[0].text == f"{ASK} {WHEN}"


# --- a list its lead-in makes one rule is quoted whole ------------------------------------------

CHOICE = (
    "(a) If the seller fails to deliver within a reasonable time, the buyer may choose either of "
    "the following remedies: (1) The buyer may cancel the order and recover what was paid."
)
SECOND = "(2) The buyer may keep the order and deduct the cost of the delay from the price."


def test_a_lists_first_item_under_a_quantified_lead_in_is_quoted_with_the_rest() -> None:
    after = "(b) A buyer may not use either remedy more than twice a year."
    assert whole_list([CHOICE, SECOND, after], 0) == 1
    assert with_referent([CHOICE, SECOND, after], 0) == f"{CHOICE} {SECOND}"
    # an item chosen on its own is quoted on its own, and so is a sentence with no list
    assert whole_list([CHOICE, SECOND, after], 1) == 0
    assert with_referent([CHOICE, SECOND, after], 1) == SECOND
    assert whole_list([after, SECOND], 0) == 0


@pytest.mark.parametrize(
    "lead",
    [
        "The licence lapses if all of the following are true: ",
        "A permit is void when any of the following occurs: ",
        "Neither of the following may be sold: ",
        "The dealer must meet both of the following conditions: ",
        "The operator may rely on one of the following documents: ",
    ],
)
def test_every_quantifier_over_the_following_makes_one_rule(lead: str) -> None:
    assert whole_list([f"{lead}(1) the first case.", "(2) the second case."], 0) == 1


@pytest.mark.parametrize(
    "lead",
    [
        "For purposes of this section, the following definitions apply: ",  # a set of rules
        "The fee may be spent only for the following purposes: ",
        "The buyer may choose either of the following remedies. ",  # no colon: no lead-in
    ],
)
def test_a_list_its_lead_in_does_not_quantify_is_quoted_item_by_item(lead: str) -> None:
    assert whole_list([f"{lead}(1) the first case.", "(2) the second case."], 0) == 0


@pytest.mark.parametrize(
    ("labels", "expected"),
    [
        (("1", "2", "3"), 2),
        (("a", "b", "c", "d"), 3),
        (("A", "B"), 1),
        (("i", "ii", "iii", "iv", "v"), 4),
        (("I", "II", "III"), 2),
        (("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"), 10),
        (("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"), 11),
        (("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "XXXX"), 11),
        (("1", "2", "4"), 1),  # a label out of sequence ends the list
        (("a", "c"), 0),
        (("i", "j"), 0),  # a list opening with "i" counts in roman numerals
        (("1", "1"), 0),
    ],
)
def test_the_list_goes_on_while_each_item_opens_with_the_next_label(
    labels: tuple[str, ...], expected: int
) -> None:
    first, *rest = labels
    sentences = [f"It applies if all of the following hold: ({first}) case {first}."]
    sentences += [f"({label}) case {label}." for label in rest]
    assert whole_list(sentences, 0) == expected


def test_items_the_lead_in_sentence_holds_already_are_counted_before_the_rest() -> None:
    inline = "The buyer may choose either of the following: (1) cancel; or (2) keep the order;"
    assert whole_list([inline, "(3) or ask for a refund."], 0) == 1
    assert whole_list([inline, "(2) or ask for a refund."], 0) == 0
    # a label in front of the lead-in (the subdivision's own) is no item of its list
    lead = "(2) It applies if all of the following hold: (1) the first case."
    assert whole_list([lead, "(2) the second case."], 0) == 1
    # a roman list past its last numeral goes on no further
    last = "It applies if all of the following hold: (i) one; (ii) two; (iii) three; (iv) four;"
    more = " (v) five; (vi) six; (vii) seven; (viii) eight; (ix) nine; (x) ten; (xi) 11; (xii) 12."
    assert whole_list([last + more, "(xiii) thirteen."], 0) == 0


_LABELS = st.sampled_from(["(1)", "(2)", "(3)", "(a)", "(b)", "(ii)", "(B)", "", "(9)"])
_LEADS = st.sampled_from(
    ["It applies if all of the following hold: (1) one.", "Either of the following: (a) one.", ""]
)


@given(
    st.lists(st.tuples(_LABELS, st.text(alphabet="abc .", min_size=0, max_size=300)), max_size=8),
    _LEADS,
    st.integers(min_value=0, max_value=8),
)
def test_a_whole_list_is_a_run_of_labelled_sentences_within_the_bound(
    rest: list[tuple[str, str]], lead: str, at: int
) -> None:
    sentences = [lead, *(f"{label} {text}".strip() for label, text in rest)]
    index = min(at, len(sentences) - 1)
    count = whole_list(sentences, index)
    assert 0 <= count <= len(sentences) - index - 1
    if count:
        run = sentences[index : index + 1 + count]
        assert len(" ".join(run)) <= MAX_WHOLE_LIST_CHARS
        assert all(item.startswith("(") for item in run[1:])
        assert with_referent(sentences, index) == " ".join(run)


def test_a_list_longer_than_the_bound_is_left_as_it_was() -> None:
    lead = "It applies if all of the following hold: (1) the first case."
    room = MAX_WHOLE_LIST_CHARS - len(lead) - 1  # the space that joins the item
    fits = "(2) " + "x" * (room - 4)
    assert len(f"{lead} {fits}") == MAX_WHOLE_LIST_CHARS
    assert whole_list([lead, fits], 0) == 1
    assert whole_list([lead, fits + "x"], 0) == 0


def test_the_generator_quotes_both_remedies_of_a_choice() -> None:
    # A question about the first remedy is answered from the lead-in's sentence, which holds it;
    # quoted without the second item, it would state one remedy of two as the rule.
    unit = Unit("sale", 0, f"{CHOICE}\n{SECOND}")
    draft = ExtractiveGenerator().generate(
        "If the seller fails to deliver, can the buyer cancel the order and recover what was paid?",
        [unit],
    )
    assert draft.segments[0].text == f"{CHOICE} {SECOND}"


def test_the_generator_quotes_the_referent_with_the_sentence() -> None:
    unit = Unit(
        document_id="hiring",
        ordinal=0,
        text=(
            "If the parties pay the rent by the month, the hiring is presumed to be from month to "
            "month. The same rule applies when the tenant stays on without signing a new lease, "
            "paying rent each month."
        ),
    )
    draft = ExtractiveGenerator().generate(
        "I never signed a new lease but I pay rent each month. What kind of tenancy is that?",
        [unit],
    )
    assert "month to month" in draft.segments[0].text


# --- bad inputs ----------------------------------------------------------------------------------


def test_an_empty_or_wordless_question_reads_as_nothing() -> None:
    for question in ("", "   ", "???"):
        frame = read_question(question)
        assert (frame.answer_type, frame.scored_kind, frame.counted, frame.known) == (
            None,
            None,
            "",
            (),
        )
        assert answer_score(question, "The owner shall give 30 days' notice.") == 0.0


def test_a_count_question_without_a_counted_word_gives_no_count_bonus() -> None:
    frame = read_question("How many?")
    assert (frame.answer_type, frame.counted) == (COUNT, "")
    assert not states_count("Two times a year.", frame.counted)


def test_a_question_naming_nothing_as_known_takes_nothing_back() -> None:
    question = "Who must the company notify?"
    sentence = "The company shall notify the attorney general."
    assert read_question(question).known == ()
    assert answer_score(question, sentence) > 0.0


def test_how_long_do_i_have_before_asks_for_a_deadline() -> None:
    # "How long do I have before the permit is no good?" asks how long remains, as "how long do
    # I have to ..." does; "before" alone read it as a lead time and took the bonus back from the
    # "within 180 days after its issuance" that answers.
    question = (
        "I pulled a permit but haven't started. How long do I have before the permit is no good?"
    )
    assert read_question(question).role == DEADLINE
    assert read_question("How long does the bank have until it must reply?").role == DEADLINE
    assert read_question("How much notice must I give before I move out?").role == LEAD
    answer = (
        "A permit shall become invalid if the work is not commenced within 180 days after issuance."
    )
    other = "The permit holder shall request each inspection at least 48 hours in advance."
    assert answer_score(question, answer) > answer_score(question, other)
