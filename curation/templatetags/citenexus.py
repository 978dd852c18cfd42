"""Small template filters the pages share."""

from __future__ import annotations

from typing import Any

from django import template

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
