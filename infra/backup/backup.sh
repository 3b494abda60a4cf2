#!/usr/bin/env bash
# The nightly logical backup (docs/decisions/0045-erasure-ledger.md, 0049-encrypted-backups.md), encrypted before
# it touches the disk to the backup reader's public key, so the host that takes it cannot read it back:
#
#   backup.sh DATABASE OUT_DIR              roles, the database (pg_dump -Fc) and its erasure ledger, in
#                                           OUT_DIR/<UTC time>/; then deletes backups older than the retention
#   backup.sh --ledger-only DATABASE FILE   only the erasure ledger (before a restore, from the live database)
#
# Connection: the libpq variables (PGHOST, PGPORT, PGUSER, PGPASSWORD), as a superuser (roles are read).
# BACKUP_PUBLIC_KEY: the reader's OpenPGP public key file (required). BACKUP_RETENTION_DAYS: 35 unless set (the
# privacy notice promises it). PG_BIN: where pg_dump and pg_dumpall are, if not on PATH.
set -euo pipefail
umask 077

pg() { if [[ -n "${PG_BIN:-}" ]]; then "$PG_BIN/$1" "${@:2}"; else "$@"; fi; }
: "${BACKUP_PUBLIC_KEY:?BACKUP_PUBLIC_KEY, the public key file of the backup reader, is required: backups are never written in clear}"
[[ -r "$BACKUP_PUBLIC_KEY" ]] || { echo "backup: cannot read BACKUP_PUBLIC_KEY" >&2; exit 2; }

# Encrypts stdin to the reader's key into $1 (a throwaway keyring: nothing to trust, nothing kept).
encrypt_to() {
  local home
  home=$(mktemp -d)
  GNUPGHOME="$home" gpg --batch --quiet --yes --trust-model always --recipient-file "$BACKUP_PUBLIC_KEY" \
    --compress-algo none --output "$1" --encrypt
  rm -rf "$home"
}

ledger() {
  pg psql -X -q -v ON_ERROR_STOP=1 -d "$1" -c '\copy (SELECT user_id, erased_at FROM auth.erasure_ledger ORDER BY user_id) TO STDOUT WITH (FORMAT csv)'
}

if [[ "${1:-}" == "--ledger-only" ]]; then
  [[ $# -eq 3 ]] || { echo "usage: backup.sh --ledger-only DATABASE FILE" >&2; exit 2; }
  ledger "$2" | encrypt_to "$3"
  exit 0
fi

[[ $# -eq 2 ]] || { echo "usage: backup.sh DATABASE OUT_DIR" >&2; exit 2; }
database=$1
out=$2
retention=${BACKUP_RETENTION_DAYS:-35}
dir="$out/$(date -u +%Y-%m-%dT%H%M%SZ)"
mkdir -p "$dir"
pg pg_dumpall -l "$database" --roles-only | encrypt_to "$dir/globals.sql.gpg"
pg pg_dump -d "$database" -Fc | encrypt_to "$dir/mathgames.dump.gpg"
ledger "$database" | encrypt_to "$dir/erasure-ledger.csv.gpg"
touch "$dir/complete"
# Retention: whole backups older than the stated days go (the erasure ledger of the newest stays with it).
find "$out" -mindepth 1 -maxdepth 1 -type d -name '????-??-??T??????Z' -mtime "+$((retention - 1))" \
  -exec rm -rf {} +
echo "$dir"
