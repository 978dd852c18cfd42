"""The PostgreSQL backend with an owner connection for schema changes (``base.py``)."""
