#!/usr/bin/env bash
# Starts a PostgreSQL server for the benchmarks on 127.0.0.1:55433, its data in bench-data/postgres (made on the
# first run, kept), with the settings docs/performance.md's figures were measured with, and prints the DATABASE_URL
# to use. `scripts/bench/postgres.sh stop` stops it. Needs Debian's postgresql package (apt-get install postgresql).
set -euo pipefail
cd "$(dirname "$0")/../.."
port=55433
data="$PWD/bench-data/postgres"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed: apt-get install postgresql" >&2; exit 1; }
as_owner() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }

if [ "${1:-start}" = stop ]; then
  as_owner "$bin/pg_ctl -D '$data' -m fast stop"
  exit 0
fi
if [ ! -f "$data/PG_VERSION" ]; then
  mkdir -p "$data"
  [ "$(id -u)" = 0 ] && chown postgres "$data" && chmod 700 "$data"
  as_owner "$bin/initdb -D '$data' -U postgres --auth=trust --locale=C.UTF-8 >/dev/null"
fi
# shared_buffers holds the large organisation's working set; the rest as a small dedicated server would have it.
as_owner "$bin/pg_ctl -D '$data' -l '$data/server.log' -w -o \"-c listen_addresses=127.0.0.1 -c port=$port \
  -c unix_socket_directories='$data' -c max_connections=200 -c shared_buffers=2GB -c work_mem=16MB \
  -c maintenance_work_mem=512MB -c max_wal_size=4GB -c effective_cache_size=8GB -c random_page_cost=1.1\" start" >/dev/null
echo "PostgreSQL is running. Use:"
echo "  DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres npm run bench:load"
