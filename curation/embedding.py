"""The deployment's one embedder (docs/design.md#the-embedder), built once per process from
settings."""

from __future__ import annotations

import functools

from django.conf import settings

from citenexus.ports import Embedder


@functools.cache
def get_embedder() -> Embedder:
    from citenexus.embedders import embedder_from_settings

    name = settings.CITENEXUS_EMBEDDER
    kwargs: dict[str, object] = {}
    if name in ("minilm", "minilm-l6-int8") and settings.CITENEXUS_EMBED_THREADS > 0:
        kwargs["intra_op_threads"] = settings.CITENEXUS_EMBED_THREADS
    elif name == "hashing":
        kwargs["dimension"] = settings.CITENEXUS_EMBED_DIMENSION
    elif name == "openai":
        kwargs.update(
            dimension=settings.CITENEXUS_EMBED_DIMENSION,
            base_url=settings.CITENEXUS_EMBED_BASE_URL,
            model=settings.CITENEXUS_EMBED_MODEL,
            api_key=settings.CITENEXUS_EMBED_API_KEY,
        )
    embedder = embedder_from_settings(name, **kwargs)
    if embedder.dimension != settings.CITENEXUS_EMBED_DIMENSION:
        raise RuntimeError(
            f"embedder {embedder.name} gives {embedder.dimension} dimensions but "
            f"CITENEXUS_EMBED_DIMENSION is {settings.CITENEXUS_EMBED_DIMENSION}; "
            "change both with `manage.py reembed`"
        )
    return embedder
