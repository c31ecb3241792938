#!/usr/bin/env bash
# A private, throwaway PostgreSQL cluster for the tests (the team workspace, issue 36): never the machine's own server.
#
#   scripts/pg-cluster.sh start DIR   initdb in DIR (an empty folder), start it on a free TCP port of 127.0.0.1 and
#                                     a unix socket in DIR, print its connection data as KEY=VALUE lines
#   scripts/pg-cluster.sh stop DIR    stop it (fast shutdown); `restart DIR` starts it again on the same port
#   scripts/pg-cluster.sh kill DIR    stop it without a clean shutdown (immediate)
#
# The server binaries come from Debian's postgresql package (/usr/lib/postgresql/<version>/bin, newest version
# found by a glob). PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user (created by
# the package) or `nobody`. The superuser `ld_admin` has a throwaway password (TCP uses scram-sha-256, like a real
# server; the socket trusts the local superuser).
set -euo pipefail

pg_bin() {
  local dirs=(/usr/lib/postgresql/*/bin)
  [[ -x "${dirs[-1]}/initdb" ]] || { echo "pg-cluster.sh: no PostgreSQL server found under /usr/lib/postgresql/*/bin (apt-get install postgresql; see .ci/run)" >&2; exit 1; }
  # The glob sorts 9 after 15: pick the highest version number.
  printf '%s\n' "${dirs[@]}" | sort -t/ -k5 -V | tail -n1
}

as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    local user=postgres
    id "$user" >/dev/null 2>&1 || user=nobody
    runuser -u "$user" -- "$@"
  else
    "$@"
  fi
}

cmd="${1:-}"
dir="${2:-}"
[[ -n "$cmd" && -n "$dir" ]] || { echo "usage: pg-cluster.sh start|stop|restart|kill DIR" >&2; exit 2; }
dir="$(cd "$dir" && pwd)"
bin="$(pg_bin)"
password=license-desk-test

case "$cmd" in
  start)
    if [[ "$(id -u)" == 0 ]]; then
      user=postgres
      id "$user" >/dev/null 2>&1 || user=nobody
      chown "$user" "$dir"
    fi
    chmod 700 "$dir"
    printf '%s\n' "$password" > "$dir/pwfile"
    [[ "$(id -u)" == 0 ]] && chown "$user" "$dir/pwfile"
    as_owner "$bin/initdb" -D "$dir/data" -U ld_admin --pwfile="$dir/pwfile" --auth-local=trust --auth-host=scram-sha-256 \
      --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    rm -f "$dir/pwfile"
    # A free port from the OS, written plainly (console.log colours a number under FORCE_COLOR, as test runners set).
    port="$(env -u NODE_OPTIONS node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')"
    [[ "$port" =~ ^[0-9]+$ ]] || { echo "pg-cluster.sh: could not find a free port (got '$port')" >&2; exit 1; }
    cat >> "$dir/data/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 32MB
log_min_messages = warning
CONF
    echo "$port" > "$dir/port"
    ;&
  restart)
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    if [[ "$cmd" == start ]]; then
      printf 'LICENSE_DESK_TEST_PG_HOST=127.0.0.1\nLICENSE_DESK_TEST_PG_PORT=%s\nLICENSE_DESK_TEST_PG_USER=ld_admin\nLICENSE_DESK_TEST_PG_PASSWORD=%s\nLICENSE_DESK_TEST_PG_SOCKET=%s\nLICENSE_DESK_TEST_PG_DIR=%s\n' \
        "$(cat "$dir/port")" "$password" "$dir" "$dir"
    fi
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null
    ;;
  kill)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null
    ;;
  *)
    echo "pg-cluster.sh: unknown command $cmd" >&2
    exit 2
    ;;
esac
