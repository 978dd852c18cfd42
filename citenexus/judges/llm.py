"""The optional LLM judge: asks an OpenAI-compatible chat endpoint whether a passage entails a
claim. Off by default; standard library only (``urllib``).

The model must answer with a JSON object ``{"verdict": "entails"|"neutral"|"contradicts",
"score": 0..1}`` (a fenced code block is accepted). Anything else — a network error, a timeout,
an HTTP error, text that is not that object, an unknown verdict, a score outside [0, 1] — is a
failure, raised as ``JudgeError``: a judge that cannot be read must not decide what a reviewer
is told, and the answer lists it in ``judges_failed`` instead of letting it drop out silently
(docs/design.md#the-judges).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.ports import JudgeError

NAME = "llm"

SYSTEM_PROMPT = (
    "You check legal citations. Decide whether the PASSAGE, read literally, entails the CLAIM. "
    "Answer 'entails' only if every part of the claim follows from the passage, with the same "
    "parties in the same roles, the same numbers, dates and comparisons, and the same polarity. "
    "Answer 'contradicts' if the passage says otherwise, else 'neutral'. Reply with JSON only: "
    '{"verdict": "entails" | "neutral" | "contradicts", "score": <confidence from 0 to 1>}.'
)
ERR_UNREACHABLE = "the judge's endpoint could not be reached"
ERR_TIMEOUT = "the judge's endpoint did not answer in time"
ERR_UNREADABLE = "the judge's reply was not a verdict"
_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.S)


class LlmJudge:
    """Entailment by a chat model behind an OpenAI-compatible endpoint (module docstring)."""

    name = NAME

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str = "",
        thresholds: JudgeThresholds | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self._api_key = api_key
        self.thresholds = thresholds or JudgeThresholds()
        self.timeout = self.thresholds.llm_timeout_s

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        content = self._ask(claim, unit.text)
        parsed = parse_reply(content)
        if parsed is None:
            raise JudgeError(ERR_UNREADABLE)
        verdict, score = parsed
        return Judgment(unit.key, NAME, verdict, score, None)

    def _ask(self, claim: str, passage: str) -> str:
        body = {
            "model": self.model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": f"PASSAGE:\n{passage}\n\nCLAIM:\n{claim}"},
            ],
        }
        headers = {"Content-Type": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        request = urllib.request.Request(
            f"{self.base_url}/chat/completions",
            data=json.dumps(body).encode(),
            headers=headers,
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                reply: Any = json.loads(response.read().decode("utf-8"))
            content = reply["choices"][0]["message"]["content"]
        except TimeoutError as error:
            raise JudgeError(ERR_TIMEOUT) from error
        except OSError as error:
            # URLError and HTTPError are OSErrors; a socket timeout inside urlopen may come
            # wrapped in a URLError.
            reason = getattr(error, "reason", None)
            if isinstance(reason, TimeoutError):
                raise JudgeError(ERR_TIMEOUT) from error
            raise JudgeError(ERR_UNREACHABLE) from error
        except (ValueError, KeyError, IndexError, TypeError) as error:
            raise JudgeError(ERR_UNREADABLE) from error
        if not isinstance(content, str):
            raise JudgeError(ERR_UNREADABLE)
        return content


def parse_reply(content: str) -> tuple[Verdict, float] | None:
    """The (verdict, score) a model's reply states, or None when it is not exactly that."""
    text = content.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
    try:
        data: Any = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    verdict, score = data.get("verdict"), data.get("score")
    if not isinstance(verdict, str) or verdict.strip().lower() not in {v.value for v in Verdict}:
        return None
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
        return None
    return Verdict(verdict.strip().lower()), float(score)
