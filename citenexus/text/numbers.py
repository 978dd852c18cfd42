"""Numbers written as words: "twenty-one", "one hundred and fifty", "two thousand five hundred"."""

from __future__ import annotations

from collections.abc import Sequence

SMALL_NUMBERS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
SCALES = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
NUMBER_WORDS = frozenset(SMALL_NUMBERS) | frozenset(TENS) | {"hundred"} | frozenset(SCALES)


def parse_number_words(words: Sequence[str], start: int) -> tuple[int, int] | None:
    """The number spelled by ``words[start:]`` and the index after it, or None.

    Accepts "twenty-one" (hyphens as separate "-" items), "one hundred and fifty",
    "two thousand five hundred". Stops at the first word that cannot continue the number.
    """
    # ``last`` is what the previous word was: "units" (zero to nineteen), "tens", "hundred" or
    # "scale"; nothing before the first word.
    total, current, j, last = 0, 0, start, ""
    consumed = start
    while j < len(words):
        word = words[j]
        if word == "-" and last == "tens":
            j += 1
            continue
        if word == "and" and last in ("hundred", "scale"):
            j += 1
            continue
        if word in SMALL_NUMBERS:
            value = SMALL_NUMBERS[word]
            # "one two", "eleven five", "twenty eleven": two numbers, not one
            if last == "units" or (last == "tens" and value >= 10):
                break
            current += value
            last = "units"
        elif word in TENS:
            if last in ("units", "tens"):
                break
            current += TENS[word]
            last = "tens"
        elif word == "hundred":
            # "hundred" multiplies one to ninety-nine said just before it ("twenty hundred" is
            # 2,000, as years are read), never a hundred or more ("one hundred five hundred")
            if current == 0 or current >= 100 or last not in ("units", "tens"):
                break
            current *= 100
            last = "hundred"
        elif word in SCALES:
            # a scale closes what came before it; right after another scale ``current`` is 0
            if current == 0:
                break
            total += current * SCALES[word]
            current = 0
            last = "scale"
        else:
            break
        j += 1
        consumed = j
    if consumed == start:
        return None
    return total + current, consumed
