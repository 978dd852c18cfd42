#!/bin/sh
# First start of the database volume only (the image runs /docker-entrypoint-initdb.d once):
# the owner role (migrate) and the app role (web, workers), the database handed to the owner,
# the vector extension (it needs a superuser). docs/deploy.md#database-roles.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v owner_password="$CITENEXUS_DB_OWNER_PASSWORD" -v app_password="$CITENEXUS_DB_APP_PASSWORD" \
  -v database="$POSTGRES_DB" <<'SQL'
CREATE ROLE citenexus_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE citenexus_app LOGIN PASSWORD :'app_password';
ALTER DATABASE :"database" OWNER TO citenexus_owner;
CREATE EXTENSION IF NOT EXISTS vector;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
