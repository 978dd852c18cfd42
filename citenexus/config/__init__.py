"""Declarative configuration of the ``citenexus`` library facade."""

from __future__ import annotations

from citenexus.config.schema import (
    AuthorityConfig,
    CiteNexusConfig,
    ConfigError,
    StorageConfig,
)

__all__ = ["AuthorityConfig", "CiteNexusConfig", "ConfigError", "StorageConfig"]
