#!/bin/bash
# The primary's replication set-up (docker-compose.yml mounts this in
# /docker-entrypoint-initdb.d: it runs once, when the data folder is created): the `replicator`
# role, the replica's physical slot (the primary keeps WAL until the replica has it), and the
# pg_hba.conf line that lets it stream from the compose network with its password.
set -eo pipefail

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  --set=password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SELECT pg_create_physical_replication_slot('duka_replica');
SQL

echo 'host replication replicator all scram-sha-256' >>"$PGDATA/pg_hba.conf"
