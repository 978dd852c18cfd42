"""Service errors (common.errors): one constructor, each kind with the HTTP status it stands for."""

from __future__ import annotations

import pytest

from common.errors import (
    Conflict,
    Forbidden,
    Invalid,
    NotFound,
    ServiceError,
    Unauthenticated,
)


@pytest.mark.parametrize(
    ("kind", "status"),
    [(Invalid, 400), (Unauthenticated, 401), (Forbidden, 403), (NotFound, 404), (Conflict, 409)],
)
def test_each_kind_carries_its_status_and_the_code_it_is_given(kind, status):
    error = kind("some_code", "a message for people", {"field": "x"})
    assert isinstance(error, ServiceError)
    assert (error.code, error.message, error.details, error.status_code) == (
        "some_code",
        "a message for people",
        {"field": "x"},
        status,
    )
    assert str(error) == "a message for people"


def test_details_default_to_an_empty_object_never_shared():
    first, second = Invalid("invalid", "a"), Invalid("invalid", "b")
    first.details["field"] = "x"
    assert second.details == {}


def test_a_status_given_explicitly_wins_over_the_kinds():
    assert ServiceError("gone", "no longer here", None, 410).status_code == 410
    assert ServiceError("invalid", "bad").status_code == 400
