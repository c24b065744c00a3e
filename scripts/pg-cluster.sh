#!/usr/bin/env bash
# @module pg-cluster
# A throwaway PostgreSQL cluster for the test suite (and for trying the multi-replica setup by hand):
#
#   scripts/pg-cluster.sh start <dir> [port]   creates the cluster in <dir> (once) and starts it on 127.0.0.1:<port>
#                                              (default 54329); prints its admin URL as the last line of stdout
#   scripts/pg-cluster.sh stop <dir>           stops it and removes <dir>
#   scripts/pg-cluster.sh halt <dir> [mode]    stops the server and keeps the cluster (mode: fast, the default, or
#                                              immediate, a crash); `start` on <dir> again starts it where it was
#
# Exits 3 when no PostgreSQL server binaries are installed (the test setup tells that apart from a failure to start).
#
# Trust authentication on loopback and the socket inside <dir>: nothing outside the machine can reach it, and nothing
# else on it shares its socket. fsync is off: what a commit wrote survives the server's own crash (an immediate stop,
# as the outage tests do; it is in the OS's cache) and only a crash of the machine loses it, which loses nothing of
# value. Commits stay synchronous, so a commit a client was told of survives an immediate stop.
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user.
set -euo pipefail

usage() {
  echo "usage: $0 start <dir> [port] | stop <dir> | halt <dir> [fast|immediate]" >&2
  exit 2
}

# The server's binaries: pg_config's, else the newest Debian-style install, else whatever is on PATH.
find_bindir() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir)"
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
      echo "$dir"
      return
    fi
  fi
  dir="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -type d -name bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -n "$dir" && -x "$dir/initdb" ]]; then
    echo "$dir"
    return
  fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return
  fi
  echo "PostgreSQL server binaries (initdb, pg_ctl) not found: install postgresql" >&2
  exit 3
}

# Runs a server command as a user PostgreSQL accepts.
as_owner() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

start() {
  local dir="$1" port="$2" bin data log
  bin="$(find_bindir)"
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  data="$dir/data"
  log="$dir/server.log"
  if [[ "$(id -u)" -eq 0 ]]; then
    id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$dir"
    if ! runuser -u postgres -- test -w "$dir"; then
      echo "$dir is out of the postgres user's reach (a parent folder is private): choose a folder under one it can enter" >&2
      exit 1
    fi
  fi
  if [[ ! -f "$data/PG_VERSION" ]]; then
    # Text sorts as on a typical production server (a language's collation, not byte order), so a query whose
    # results hold only in byte order fails here too; ICU's en-US needs no system locale installed. A server built
    # without ICU sorts by byte order.
    local initdb=("$bin/initdb" --pgdata="$data" --username=postgres --auth=trust --encoding=UTF8 --no-instructions)
    if ! as_owner "${initdb[@]}" --locale=C.UTF-8 --locale-provider=icu --icu-locale=en-US >"$dir/initdb.log" 2>&1; then
      rm -rf "$data"
      as_owner "${initdb[@]}" --locale=C >"$dir/initdb.log"
    fi
    cat >>"$data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
max_connections = 200
fsync = off
full_page_writes = off
EOF
  fi
  if ! as_owner "$bin/pg_ctl" status --pgdata="$data" >/dev/null 2>&1; then
    as_owner "$bin/pg_ctl" start --pgdata="$data" --log="$log" --wait --timeout=60 --silent \
      --options="-p $port" >&2 || {
      cat "$log" >&2
      exit 1
    }
  fi
  # Already running, it answers on the port it was started with; postmaster.pid's fourth line says which.
  echo "postgres://postgres@127.0.0.1:$(sed -n 4p "$data/postmaster.pid")/postgres"
}

stop() {
  local dir="$1" bin
  [[ -d "$dir" ]] || return 0
  bin="$(find_bindir)"
  if [[ -f "$dir/data/PG_VERSION" ]] && as_owner "$bin/pg_ctl" status --pgdata="$dir/data" >/dev/null 2>&1; then
    as_owner "$bin/pg_ctl" stop --pgdata="$dir/data" --mode=fast --wait --silent >&2
  fi
  rm -rf "$dir"
}

halt() {
  local dir="$1" mode="$2" bin
  bin="$(find_bindir)"
  [[ "$mode" == fast || "$mode" == immediate ]] || usage
  if as_owner "$bin/pg_ctl" status --pgdata="$dir/data" >/dev/null 2>&1; then
    as_owner "$bin/pg_ctl" stop --pgdata="$dir/data" --mode="$mode" --wait --silent >&2
  fi
}

[[ $# -ge 2 ]] || usage
case "$1" in
  start) start "$2" "${3:-54329}" ;;
  stop) stop "$2" ;;
  halt) halt "$2" "${3:-fast}" ;;
  *) usage ;;
esac
