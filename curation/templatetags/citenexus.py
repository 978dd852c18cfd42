"""Small template filters the pages share."""

from __future__ import annotations

from typing import Any

from django import template

from citenexus.domain.jurisdiction import Jurisdiction, document_jurisdiction

register = template.Library()


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` in a template, or "" when absent."""
    try:
        return mapping.get(key, "")
    except AttributeError:
        return ""


@register.filter
def percent(value: Any) -> str:
    try:
        return f"{float(value) * 100:.0f}%"
    except (TypeError, ValueError):
        return "—"


@register.simple_tag
def jurisdiction_of(meta: Any, lane: Any) -> Jurisdiction:
    """The jurisdiction a document (its metadata, or a row with ``jurisdiction``) is of: its own,
    else its lane's, marked inherited (docs/design.md#applicability)."""
    own = meta.get("jurisdiction", "") if hasattr(meta, "get") else ""
    return document_jurisdiction(
        {"jurisdiction": str(own or "")}, getattr(lane, "jurisdiction", "")
    )
