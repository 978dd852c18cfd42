"""Schemathesis against the API's own OpenAPI schema: every operation, valid and invalid input.

The schema is the one `/api/schema/` serves (drf-spectacular), loaded through the WSGI app, so
the requests run in-process on the test database. Each operation gets generated cases in both of
schemathesis' modes (inputs the schema allows, and inputs it forbids), called as a lane admin
with an API token; a case whose path names a lane is also sent again for the real lane, so the
handlers behind the 404 are reached too. The checks are the contract of docs/api.md: never a 5xx,
and every 4xx carries the `{"error": {"code", "message", "details"}}` shape. Generation is
deterministic, so every run sends the same requests.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable

from access.tokens import api_token_issue
from tests.support.hostile import Tally, error_shape_problem, ingest_statute

pytestmark = pytest.mark.django_db

EXAMPLES = 12
TALLY = Tally()


class _Sent:
    """What `error_shape_problem` reads, from a schemathesis response."""

    def __init__(self, response: Any) -> None:
        self.status_code = response.status_code
        self.content = response.content


@pytest.fixture
def wsgi_app() -> Any:
    """The project's WSGI app, minus the per-request connection close (as Django's test client).

    Closing the connection at the end of a request would end the test's transaction.
    """
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    yield WSGIHandler()
    for signal in signals:
        signal.connect(close_old_connections)


@pytest.fixture
def token(admin: Any) -> str:
    return str(api_token_issue(user=admin, name="test", expires_in_days=1)[1])


@pytest.fixture(autouse=True, scope="module")
def report_tally() -> Any:
    yield
    print(f"\nschemathesis requests sent: {TALLY.count}")


def _schema() -> Any:
    """The OpenAPI document `/api/schema/` serves, from the same generator, as schemathesis reads it."""
    spec = SchemaGenerator().get_schema(request=None, public=True)
    return schemathesis.openapi.from_dict(json.loads(json.dumps(spec, default=str)))


SCHEMA = _schema()
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


@pytest.mark.parametrize("mode", list(schemathesis.GenerationMode), ids=lambda m: m.value)
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda o: f"{o.method.upper()} {o.path}")
def test_no_operation_answers_a_server_error_or_a_4xx_without_the_error_shape(
    operation: Any, mode: Any, wsgi_app: Any, token: str, lane: Any
) -> None:
    ingest_statute(lane)
    headers = {"Authorization": f"Token {token}"}

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def send(case: Any) -> None:
        variants = [dict(case.path_parameters or {})]
        if "slug" in variants[0]:
            variants.append({**variants[0], "slug": lane.slug})
        for path_parameters in variants:
            case.path_parameters = path_parameters
            response = case.call(headers=headers, app=wsgi_app)
            TALLY.add()
            problem = error_shape_problem(_Sent(response))
            assert problem is None, (
                case.method,
                case.formatted_path,
                case.query,
                case.headers,
                case.body,
                problem,
            )

    try:
        send()
    except Unsatisfiable:
        # Every parameter of the operation accepts any string: there is no invalid input to make.
        assert mode is schemathesis.GenerationMode.NEGATIVE
        pytest.skip("the schema forbids no input of this operation")
