from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from access.roles import ROLES, has_global_role


def roles(request: HttpRequest) -> dict[str, Any]:
    user = request.user
    return {"global_roles": {r: has_global_role(user, r) for r in ROLES}}
