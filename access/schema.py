"""How the API's token authentication appears in the OpenAPI schema (``/api/schema/``).

drf-spectacular describes only the authentication classes it knows; for ours it warned and left
the operations without a security requirement, so generated clients and the API docs' "Authorize"
button did not know how to send a token. ``Authorization: Token <key>`` is not the ``Bearer``
scheme of OpenAPI's ``http`` type, so it is described as an API key sent in that header.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension

from access.tokens import KEYWORD


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "access.tokens.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": (
                f"An API token (POST /api/tokens/, the API tokens page, or manage.py drf_create_token), "
                f"sent as `{KEYWORD} <key>`."
            ),
        }
