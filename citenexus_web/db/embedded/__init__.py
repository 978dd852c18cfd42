"""The ``ENGINE`` for the embedded PostgreSQL server (``base.py``); the server itself is
``common.embedded_postgres``, which management commands and scripts use too."""
