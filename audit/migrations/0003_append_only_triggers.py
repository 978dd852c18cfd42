"""Append-only audit tables: PostgreSQL refuses UPDATE and DELETE always, TRUNCATE unless the
session setting ``citenexus.allow_audit_truncate`` is ``on`` (only the test settings set it).

A database superuser can still disable these triggers; against one, the guarantee is the hash
chain and its signed or exported head (docs/audit.md). Any later table of the audit app must be
added to TABLES in a new migration that repeats these statements for it.
"""

from django.db import migrations

TABLES = ["audit_auditevent", "audit_auditcheckpoint"]

FUNCTIONS = """
CREATE OR REPLACE FUNCTION citenexus_audit_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE OR REPLACE FUNCTION citenexus_audit_refuse_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF coalesce(current_setting('citenexus.allow_audit_truncate', true), '') = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END
$$;
"""


def _create(table: str) -> str:
    return f"""
CREATE TRIGGER {table}_no_change BEFORE UPDATE OR DELETE ON {table}
    FOR EACH STATEMENT EXECUTE FUNCTION citenexus_audit_refuse_change();
CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}
    FOR EACH STATEMENT EXECUTE FUNCTION citenexus_audit_refuse_truncate();
"""


def _drop(table: str) -> str:
    return f"""
DROP TRIGGER IF EXISTS {table}_no_change ON {table};
DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};
"""


class Migration(migrations.Migration):
    dependencies = [("audit", "0002_chain_integrity")]

    operations = [
        migrations.RunSQL(
            FUNCTIONS + "".join(_create(t) for t in TABLES),
            reverse_sql="".join(_drop(t) for t in TABLES)
            + "DROP FUNCTION IF EXISTS citenexus_audit_refuse_change();"
            + "DROP FUNCTION IF EXISTS citenexus_audit_refuse_truncate();",
        )
    ]
