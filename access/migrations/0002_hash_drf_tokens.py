"""DRF's plain-text tokens (``authtoken_token``, from before keys were hashed) become hashed,
named, expiring tokens; the plain-text rows are then deleted (docs/api.md#api-tokens).

The old keys keep working until they expire, CITENEXUS_API_TOKEN_DEFAULT_DAYS after this
migration; nothing readable is left in the database.
"""

import datetime as dt
import hashlib

from django.conf import settings
from django.db import migrations
from django.utils import timezone

MIGRATED_NAME = "migrated DRF token"


def hash_drf_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if "authtoken_token" not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("access", "ApiToken")
    days = int(getattr(settings, "CITENEXUS_API_TOKEN_DEFAULT_DAYS", 90))
    expires = timezone.now() + dt.timedelta(days=days)
    with connection.cursor() as cursor:
        cursor.execute("SELECT key, user_id FROM authtoken_token")
        rows = cursor.fetchall()
        for key, user_id in rows:
            ApiToken.objects.create(
                user_id=user_id,
                name=MIGRATED_NAME,
                digest=hashlib.sha256(key.encode("utf-8")).hexdigest(),
                expires_at=expires,
            )
        cursor.execute("DELETE FROM authtoken_token")


class Migration(migrations.Migration):
    dependencies = [("access", "0001_initial")]

    operations = [migrations.RunPython(hash_drf_tokens, migrations.RunPython.noop)]
