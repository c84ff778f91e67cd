#!/usr/bin/env bash
# Caliber's logical backup: one pg_dump archive per service schema, all taken from one
# snapshot of the database, checked readable, described by a manifest, old backups pruned, and
# only then the finish time reported to the dashboard's Backup line.
#
#   BACKUP_ROOT=/backups ./backup.sh
#
# Settings (environment):
#   BACKUP_ROOT          where the backup folders live (required)
#   DATABASE_URL         a postgresql:// URL of the Caliber database (optional); otherwise libpq's
#                        own variables: PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD/PGPASSFILE.
#                        The role needs only to read: pg_read_all_data (docs/running/backups.md).
#   SCHEMAS              the schemas to dump (default: identity equipment maintenance reports
#                        notifications)
#   RETENTION_DAYS       backup folders older than this many days are removed after a successful
#                        backup (default 30)
#   REDIS_URL            when set, the finish time is written to the Backup line's key with
#                        redis-cli; unset, the caller reports (the CronJob's gateway container reads
#                        the manifest: infra/backup/report-backup.mjs)
#   REDIS_KEY_PREFIX     the prefix of that key (default caliber), as the gateway's setting
#   FILES_DIR            the disk file store's folder (the services' FILES_DIR, by default
#                        DATA_DIR/files): when set, its documents and photos are copied into the
#                        backup's files/ folder after the dump. Unset, no files are taken (an S3
#                        bucket is kept by its own versioning and replication: docs/running/backups.md)
#
# Passwords: give them as PGPASSWORD (or a PGPASSFILE) and REDISCLI_AUTH, not inside DATABASE_URL
# or REDIS_URL. The URLs are passed to pg_dump and redis-cli as arguments, and a process's
# arguments are visible to every user of the machine (ps); the environment is not.
#
# A backup is a folder named by its start time (UTC, 20250611T010000Z) holding <schema>.dump for
# each schema, files/ (with FILES_DIR) and manifest.json. It is written under a hidden name and
# renamed when complete, so a folder with a visible name is always a whole, checked backup; a
# failed run removes its partial folder, prunes nothing and reports nothing, so the dashboard keeps
# the last good time and shows its age.
#
# The version rule: pg_dump reads servers of its own major version and older, never newer. Run it
# with the client tools of the server's major (in Kubernetes, the postgres image of that major);
# the script stops with a clear message otherwise.
set -euo pipefail

say() { printf '%s backup: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >&2; }
fail() {
  say "FAILED: $*"
  exit 1
}

: "${BACKUP_ROOT:?BACKUP_ROOT must name the folder the backups are written to}"
SCHEMAS="${SCHEMAS:-identity equipment maintenance reports notifications}"
RETENTION_DAYS="${RETENTION_DAYS:-30}"
REDIS_KEY_PREFIX="${REDIS_KEY_PREFIX:-caliber}"

case "$RETENTION_DAYS" in
  '' | *[!0-9]*) fail "RETENTION_DAYS must be a whole number of days, not '$RETENTION_DAYS'" ;;
esac
# Keeping no day at all would delete the backup just made: one day is the least.
[ "$RETENTION_DAYS" -ge 1 ] || fail 'RETENTION_DAYS must be at least 1'
for schema in $SCHEMAS; do
  # Schema names go into file names and the manifest: plain identifiers only.
  [[ "$schema" =~ ^[a-z_][a-z0-9_]*$ ]] || fail "'$schema' is not a schema name this script accepts"
done
for tool in pg_dump pg_restore psql sha256sum; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
done
if [ -n "${FILES_DIR:-}" ]; then
  [ -d "$FILES_DIR" ] || fail "FILES_DIR '$FILES_DIR' is not a folder"
  for tool in tar find; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
  done
fi
if [ -n "${REDIS_URL:-}" ]; then
  command -v redis-cli >/dev/null 2>&1 || fail 'REDIS_URL is set but redis-cli is not installed'
fi

# libpq takes the URL as the database name; without one, its environment variables apply.
connection=()
[ -n "${DATABASE_URL:-}" ] && connection=(--dbname="$DATABASE_URL")

# A JSON string of any text (the versions come from the tools; quote them safely).
json_string() {
  local text=$1
  text=${text//\\/\\\\}
  text=${text//\"/\\\"}
  text=${text//$'\t'/ }
  text=${text//$'\n'/ }
  printf '"%s"' "$text"
}

major_of() { sed -E 's/^[^0-9]*([0-9]+).*/\1/' <<<"$1"; }

mkdir -p "$BACKUP_ROOT"
# One clock reading for the start time and the folder's name (GNU and busybox date both take @).
now=$(date -u +%s)
started_at=$(date -u -d "@$now" +%Y-%m-%dT%H:%M:%SZ)
name=$(date -u -d "@$now" +%Y%m%dT%H%M%SZ)
final="$BACKUP_ROOT/$name"
partial="$BACKUP_ROOT/.partial-$name-$$"
[ -e "$final" ] && fail "$final already exists (one backup per second at most)"

snapshot_pid=''
written=''
cleanup() {
  local status=$?
  if [ -n "$snapshot_pid" ]; then
    kill "$snapshot_pid" 2>/dev/null || true
    wait "$snapshot_pid" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ] && [ -z "$written" ]; then
    rm -rf -- "$partial"
    say "no backup was written; the Backup line keeps its last good time"
  fi
}
trap cleanup EXIT
# A write to the snapshot session after it died is an error to stop on, not a silent death that
# would skip the clean-up above.
trap '' PIPE
mkdir -m 0700 "$partial"

psql_value() { psql "${connection[@]}" --no-psqlrc --no-password -X -A -t -q -v ON_ERROR_STOP=1 -c "$1"; }

server_version=$(psql_value 'SHOW server_version') || fail 'cannot connect to PostgreSQL (see the message above)'
pg_dump_version=$(pg_dump --version)
server_major=$(major_of "$server_version")
dump_major=$(major_of "${pg_dump_version##*) }")
if [ "$server_major" -gt "$dump_major" ]; then
  fail "pg_dump $dump_major cannot dump a PostgreSQL $server_major server: run this with the client tools of major $server_major (the postgres:$server_major image)"
fi
# The extensions the schemas may use (pg_trgm lives in public): a restore creates them first.
extensions=$(psql_value "SELECT string_agg(format('{\"name\": \"%s\", \"schema\": \"%s\"}', e.extname, n.nspname), ', ' ORDER BY e.extname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname <> 'plpgsql'")

# One snapshot for every schema: a session exports it and stays open (in the background) while each
# pg_dump reads from it, so the archives show the database at one moment, as the services'
# outboxes left it, and a restore puts no service ahead of another.
coproc SNAPSHOT { psql "${connection[@]}" --no-psqlrc --no-password -X -A -t -q -v ON_ERROR_STOP=1; }
# shellcheck disable=SC2153 # coproc SNAPSHOT sets SNAPSHOT_PID
snapshot_pid=$SNAPSHOT_PID
printf '%s\n' 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY;' 'SELECT pg_export_snapshot();' >&"${SNAPSHOT[1]}"
snapshot=''
read -r -t 60 snapshot <&"${SNAPSHOT[0]}" || fail 'could not export a snapshot to dump from'
[[ "$snapshot" =~ ^[0-9A-F-]+$ ]] || fail "unexpected snapshot name '$snapshot'"

files_json=''
for schema in $SCHEMAS; do
  file="$schema.dump"
  say "dumping schema $schema"
  pg_dump "${connection[@]}" --no-password --format=custom --schema="$schema" --snapshot="$snapshot" \
    --file="$partial/$file" || fail "pg_dump of schema $schema"
  # An archive pg_restore cannot list is no backup.
  pg_restore --list "$partial/$file" >/dev/null || fail "pg_restore cannot read $file"
  size=$(wc -c <"$partial/$file" | tr -d ' ')
  sum=$(sha256sum "$partial/$file" | cut -d ' ' -f 1)
  files_json+="${files_json:+,}
    {\"schema\": \"$schema\", \"file\": \"$file\", \"bytes\": $size, \"sha256\": \"$sum\"}"
done

printf '%s\n' 'COMMIT;' '\q' >&"${SNAPSHOT[1]}"
wait "$snapshot_pid" || fail 'the snapshot session ended with an error'
snapshot_pid=''

# The files, copied AFTER the dump, which makes the copy hold every file a dumped row names: a
# file is only ever written under a new key before its row is committed, and deleted only after
# its row is marked removed (and then no live row names it). A file added after the snapshot is
# copied too, without a row: harmless, nothing refers to it. Writes in progress (.partial), uploads
# waiting to be read (incoming/) and downloads waiting to be sent (outgoing/) are left out: no
# document row names them.
files_entry=''
if [ -n "${FILES_DIR:-}" ]; then
  say "copying the files of $FILES_DIR"
  mkdir -m 0700 "$partial/files"
  tar -C "$FILES_DIR" --exclude=./.partial --exclude=./incoming --exclude=./outgoing -cf - . | tar -C "$partial/files" -xf - ||
    fail "copying the files of $FILES_DIR"
  file_count=$(find "$partial/files" -type f | wc -l | tr -d ' ')
  file_bytes=$(find "$partial/files" -type f -printf '%s\n' | awk '{ total += $1 } END { printf "%d", total }')
  files_entry=",
  \"files\": {\"store\": \"disk\", \"folder\": \"files\", \"count\": $file_count, \"bytes\": $file_bytes}"
  say "copied $file_count files ($file_bytes bytes)"
fi

finished_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)
cat >"$partial/manifest.json" <<EOF
{
  "format": 1,
  "complete": true,
  "startedAt": "$started_at",
  "finishedAt": "$finished_at",
  "pgDumpVersion": $(json_string "$pg_dump_version"),
  "serverVersion": $(json_string "$server_version"),
  "snapshot": "$snapshot",
  "extensions": [${extensions}],
  "schemas": [${files_json}
  ]${files_entry}
}
EOF
mv -- "$partial" "$final"
written=yes
# The newest complete backup, for the reporter: written last, replaced in one step.
printf '%s\n' "$name" >"$BACKUP_ROOT/.latest.tmp"
mv -- "$BACKUP_ROOT/.latest.tmp" "$BACKUP_ROOT/LATEST"
say "backup $name complete ($(du -sh "$final" | cut -f 1))"

# Retention, only after a backup succeeded: failures never eat into the backups there are. Names
# are UTC times of one width, so a name before the cutoff's name is an older backup; anything
# else in the folder is left alone.
cutoff=$(date -u -d "@$(($(date -u +%s) - RETENTION_DAYS * 86400))" +%Y%m%dT%H%M%SZ)
for folder in "$BACKUP_ROOT"/*; do
  base=${folder##*/}
  [[ -d "$folder" && "$base" =~ ^[0-9]{8}T[0-9]{6}Z$ ]] || continue
  if [[ "$base" < "$cutoff" && "$base" != "$name" ]]; then
    say "removing $base (older than $RETENTION_DAYS days)"
    rm -rf -- "$folder"
  fi
done

if [ -n "${REDIS_URL:-}" ]; then
  key="$REDIS_KEY_PREFIX:backup:last-success-at"
  reply=$(redis-cli -u "$REDIS_URL" --no-auth-warning SET "$key" "$finished_at") || fail "reporting to Redis"
  [ "$reply" = OK ] || fail "Redis answered '$reply' to SET $key"
  say "reported $key = $finished_at"
fi
printf '%s\n' "$final"
