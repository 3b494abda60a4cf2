#!/usr/bin/env bash
# Restores a backup written by backup.sh into a new, empty cluster and replays the erasures made after it
# (docs/decisions/0045-erasure-ledger.md):
#
#   restore.sh BACKUP_DIR DATABASE [LEDGER.csv.gpg ...]
#
# 1. roles, 2. the database, 3. the erasure ledgers given (the newest you have: one exported from the live database
# with `backup.sh --ledger-only` if it is still reachable, and the newest backup's), 4. every account those list
# and the restored database does not is erased again (`replay-erasures`), so a pupil erased after the backup does
# not come back. Then the outbox step of the runbook, and start the product.
#
# Connection: the libpq variables (PGHOST, PGPORT, PGUSER, PGPASSWORD) of the new cluster, as a superuser.
# GNUPGHOME: the keyring holding the backup reader's private key. PG_BIN: where the Postgres tools are.
# REPLAY_ERASURES: the replay command (default `npm run -s replay-erasures --` from the repository; in the image,
# `node services/auth/dist/entry-points/cli/replay-erasures.js`).
set -euo pipefail
umask 077

pg() { if [[ -n "${PG_BIN:-}" ]]; then "$PG_BIN/$1" "${@:2}"; else "$@"; fi; }
decrypt() { gpg --batch --quiet --decrypt "$1"; }

[[ $# -ge 2 ]] || { echo "usage: restore.sh BACKUP_DIR DATABASE [LEDGER.csv.gpg ...]" >&2; exit 2; }
dir=$1
database=$2
shift 2
[[ -f "$dir/complete" ]] || { echo "restore: $dir is not a complete backup" >&2; exit 2; }

# 1. Roles. A key that does not open the backup stops here; "role postgres already exists" (and the other roles,
# on a cluster that has them) is expected.
roles=$(decrypt "$dir/globals.sql.gpg")
printf '%s\n' "$roles" | pg psql -X -q -d postgres >/dev/null 2>&1 || true
# 2. The database, streamed: the clear dump never touches the disk.
pg createdb "$database"
decrypt "$dir/mathgames.dump.gpg" | pg pg_restore -d "$database" --exit-on-error

# 3 and 4. The erasures after the backup: the union of the ledgers given and the backup's own.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for file in "$dir/erasure-ledger.csv.gpg" "$@"; do decrypt "$file"; done > "$work/ledger.csv"
url="postgres://${PGUSER:-postgres}@${PGHOST:-127.0.0.1}:${PGPORT:-5432}/$database"
# shellcheck disable=SC2086
DATABASE_URL="$url" ${REPLAY_ERASURES:-npm run -s replay-erasures --} "$work/ledger.csv"
