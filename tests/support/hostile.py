"""Helpers for hostile-input tests: a client that reports 500s, the error shape, strategies."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

from hypothesis import strategies as st

ERROR_KEYS = {"code", "message", "details"}


class Tally:
    """Counts the hostile inputs a test sent, so the report can say how many were tried."""

    def __init__(self) -> None:
        self.count = 0

    def add(self, n: int = 1) -> None:
        self.count += n


def client_for(user: Any) -> Any:
    """A DRF client that turns view exceptions into 500 responses instead of raising them."""
    from rest_framework.test import APIClient  # type: ignore[import-untyped]

    client = APIClient(raise_request_exception=False)
    client.force_authenticate(user)
    return client


def error_shape_problem(response: Any) -> str | None:
    """None when the response is a non-500 and any 4xx has the project's JSON error shape."""
    status = response.status_code
    if status >= 500:
        return f"{status}: {response.content[:300]!r}"
    if status < 400:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        return f"{status} is not JSON: {response.content[:200]!r}"
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict) or set(error) != ERROR_KEYS:
        return f"{status} has no error shape: {body!r:.300}"
    if not isinstance(error["code"], str) or not isinstance(error["message"], str):
        return f"{status} code/message are not strings: {error!r:.300}"
    if not isinstance(error["details"], dict):
        return f"{status} details is not an object: {error!r:.300}"
    return None


def zip_of(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
# Text a person would not type: NUL, controls, bidi overrides, other scripts, markup, formulas.
nasty_text = st.one_of(
    st.text(max_size=60),
    st.sampled_from(
        [
            "\x00",
            "a\x00b",
            "\u202eevil\u202c",
            "<script>alert(1)</script>",
            '=HYPERLINK("http://x")',
            "'; DROP TABLE curation_lane; --",
            "../../etc/passwd",
            "%00",
            "\ud7ff\ufffd\uffff",
            "租约终止需要多少天通知",
            " " * 500,
        ]
    ),
)


STATUTE_ID = "ca-civ-1946"
STATUTE = (
    "Termination of tenancy. A landlord must give a tenant at least thirty days written notice "
    "before ending a month-to-month residential tenancy."
)


def ingest_statute(lane: Any) -> str:
    """The one California statute these tests ask about, asserted at tier ``statute``."""
    from curation.services.documents import document_ingest_text

    document_ingest_text(
        lane=lane,
        document_id=STATUTE_ID,
        text=STATUTE,
        source_type="documentary",
        authority={"authority_tier": "statute", "jurisdiction": "CA"},
        may_assert=True,
        actor="setup",
    )
    return STATUTE_ID
