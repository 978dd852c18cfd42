from django.db import migrations

SEARCH_TRIGGER = """
CREATE OR REPLACE FUNCTION curation_unit_search_update() RETURNS trigger AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('english', coalesce(NEW.heading, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.scope, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.text, '')), 'B');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER curation_unit_search_update
  BEFORE INSERT OR UPDATE OF heading, scope, text ON curation_evidenceunit
  FOR EACH ROW EXECUTE FUNCTION curation_unit_search_update();
"""

DROP_SEARCH_TRIGGER = """
DROP TRIGGER IF EXISTS curation_unit_search_update ON curation_evidenceunit;
DROP FUNCTION IF EXISTS curation_unit_search_update();
"""


def create_vector_index(apps, schema_editor):
    from curation.vector_index import create_index_sql

    schema_editor.execute(create_index_sql())


def drop_vector_index(apps, schema_editor):
    from curation.vector_index import DROP_INDEX_SQL

    schema_editor.execute(DROP_INDEX_SQL)


def create_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in ("curator", "reviewer", "admin", "auditor"):
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("curation", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunSQL(SEARCH_TRIGGER, DROP_SEARCH_TRIGGER),
        migrations.RunPython(create_vector_index, drop_vector_index),
        migrations.RunPython(create_groups, migrations.RunPython.noop),
    ]
