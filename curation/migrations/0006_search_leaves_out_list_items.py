"""The full-text entry of a unit leaves out the items of a carried exclusion list (the lines of
its scope that open with "\u21b3 ", citenexus.domain.carried): retrieval reads what a unit is
about, applicability reads what it leaves out."""

from django.db import migrations

SEARCH_FUNCTION = r"""
CREATE OR REPLACE FUNCTION curation_unit_search_update() RETURNS trigger AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('english', coalesce(NEW.heading, '')), 'A') ||
    setweight(to_tsvector('english',
      regexp_replace(coalesce(NEW.scope, ''), E'(^|\n)\u21b3 [^\n]*', '', 'g')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.text, '')), 'B');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
"""

PREVIOUS_FUNCTION = """
CREATE OR REPLACE FUNCTION curation_unit_search_update() RETURNS trigger AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('english', coalesce(NEW.heading, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.scope, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.text, '')), 'B');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
"""


class Migration(migrations.Migration):
    dependencies = [("curation", "0005_unit_pages_and_source_files")]

    operations = [migrations.RunSQL(SEARCH_FUNCTION, PREVIOUS_FUNCTION)]
