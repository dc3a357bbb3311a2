#!/bin/bash
# The streaming replica's entrypoint (docker-compose.yml, the official postgres image run as
# the postgres user). First start: the data folder is empty, so pg_basebackup copies the
# primary through the `duka_replica` slot (--write-recovery-conf writes primary_conninfo,
# primary_slot_name and standby.signal). Every start: PostgreSQL as a hot standby, streaming.
# To rebuild it (after it fell behind max_slot_wal_keep_size): remove its volume and start it.
set -euo pipefail

PGDATA="${PGDATA:-/var/lib/postgresql/data}"
# Also read by the WAL receiver's libpq when it connects to the primary.
export PGPASSWORD="$REPLICATION_PASSWORD"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready --host="$PRIMARY_HOST" --username=replicator --quiet; do
    echo "Waiting for the primary at $PRIMARY_HOST…"
    sleep 2
  done
  # pg_basebackup needs an empty folder (it empties it again itself if it fails).
  find "$PGDATA" -mindepth 1 -delete
  pg_basebackup --host="$PRIMARY_HOST" --username=replicator --pgdata="$PGDATA" \
    --wal-method=stream --slot=duka_replica --write-recovery-conf --checkpoint=fast
  chmod 0700 "$PGDATA"
fi

exec postgres -c hot_standby=on -c hot_standby_feedback=on -c max_standby_streaming_delay=30s
