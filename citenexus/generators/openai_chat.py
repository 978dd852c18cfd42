"""An OpenAI-compatible chat endpoint as a generator (stdlib HTTP, no SDK).

The prompt lists each unit as ``[<citation key>] <text>`` and asks for JSON segments
``{"text": ..., "citations": [keys]}``. Anything but a usable draft (unreachable, timeout, HTTP
error, malformed JSON, no segments) raises ``GenerationError``, which the pipeline reports as
``generation_failed``. What the model cites is judged afterwards like any draft.
"""

from __future__ import annotations

import json
import os
import re
import socket
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from citenexus.domain.model import Draft, Segment, Unit
from citenexus.ports import GenerationError

DEFAULT_TIMEOUT = 60.0
ERR_TIMEOUT = "the language model did not answer within {timeout:g} s"
ERR_UNREACHABLE = "the language model endpoint could not be reached: {reason}"
ERR_HTTP = "the language model endpoint answered HTTP {status}"
ERR_MALFORMED_RESPONSE = "the language model endpoint returned a malformed response"
ERR_MALFORMED_DRAFT = "the language model did not return JSON segments"
ERR_EMPTY_DRAFT = "the language model returned no segments"
ERR_NOT_CONFIGURED = "CITENEXUS_LLM_BASE_URL and CITENEXUS_LLM_MODEL must both be set"

SYSTEM_PROMPT = (
    "You answer questions about legal and regulatory documents using only the evidence units "
    "you are given. Reply with JSON only, in the form "
    '{"segments": [{"text": "<one claim>", "citations": ["<key>", ...]}]}. '
    "Each segment states one claim and cites the keys of the units that say it. Cite only keys "
    'from the list. If the evidence does not answer the question, reply {"segments": []}.'
)
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)


def build_prompt(question: str, units: Sequence[Unit]) -> str:
    """The user message: the question, then every unit as ``[key] text``."""
    listed = "\n".join(f"[{u.key}] {' '.join(u.text.split())}" for u in units)
    return f"Question: {question}\n\nEvidence units:\n{listed}"


def _segment(raw: Any) -> Segment | None:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("text"), str):
        raise GenerationError(ERR_MALFORMED_DRAFT)
    citations = raw.get("citations", [])
    if not isinstance(citations, list) or not all(isinstance(k, str) for k in citations):
        raise GenerationError(ERR_MALFORMED_DRAFT)
    text = raw["text"].strip()
    return Segment(text, tuple(k.strip() for k in citations if k.strip())) if text else None


def parse_draft(content: str, generator: str = "openai-chat") -> Draft:
    """A draft from the model's reply: a JSON list of segments or ``{"segments": [...]}``."""
    try:
        data = json.loads(_FENCE.sub("", content.strip()))
    except (json.JSONDecodeError, TypeError):
        raise GenerationError(ERR_MALFORMED_DRAFT) from None
    if isinstance(data, Mapping):
        data = data.get("segments")
    if not isinstance(data, list):
        raise GenerationError(ERR_MALFORMED_DRAFT)
    segments = tuple(s for s in map(_segment, data) if s is not None)
    if not segments:
        raise GenerationError(ERR_EMPTY_DRAFT)
    return Draft(segments, generator=generator)


@dataclass
class OpenAIChatGenerator:
    base_url: str
    model: str
    api_key: str = ""
    timeout: float = DEFAULT_TIMEOUT
    name: str = "openai-chat"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> OpenAIChatGenerator:
        """From CITENEXUS_LLM_BASE_URL, _MODEL, _API_KEY and _TIMEOUT (seconds, default 60)."""
        env = os.environ if environ is None else environ
        base_url, model = env.get("CITENEXUS_LLM_BASE_URL", ""), env.get("CITENEXUS_LLM_MODEL", "")
        if not base_url or not model:
            raise ValueError(ERR_NOT_CONFIGURED)
        timeout = float(env.get("CITENEXUS_LLM_TIMEOUT", DEFAULT_TIMEOUT))
        return cls(base_url, model, env.get("CITENEXUS_LLM_API_KEY", ""), timeout)

    def _request(self, question: str, units: Sequence[Unit]) -> urllib.request.Request:
        body = {
            "model": self.model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": build_prompt(question, units)},
            ],
        }
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = self.base_url.rstrip("/") + "/chat/completions"
        return urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")

    def _call(self, request: urllib.request.Request) -> Any:
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            raise GenerationError(ERR_HTTP.format(status=error.code)) from None
        except TimeoutError:
            raise GenerationError(ERR_TIMEOUT.format(timeout=self.timeout)) from None
        except urllib.error.URLError as error:
            if isinstance(error.reason, TimeoutError | socket.timeout):
                raise GenerationError(ERR_TIMEOUT.format(timeout=self.timeout)) from None
            raise GenerationError(ERR_UNREACHABLE.format(reason=error.reason)) from None
        except OSError as error:  # a connection reset or refused mid-response
            raise GenerationError(ERR_UNREACHABLE.format(reason=error)) from None
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise GenerationError(ERR_MALFORMED_RESPONSE) from None

    def generate(self, question: str, units: Sequence[Unit]) -> Draft:
        """Ask the endpoint for a draft; any failure is a ``GenerationError``."""
        payload = self._call(self._request(question, units))
        try:
            content = payload["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise GenerationError(ERR_MALFORMED_RESPONSE) from None
        if not isinstance(content, str) or not content.strip():
            raise GenerationError(ERR_EMPTY_DRAFT)
        return parse_draft(content, self.name)
