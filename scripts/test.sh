#!/usr/bin/env bash
# The whole test run (`npm test`): typecheck, lint, build, vitest (unit, renderer, integration), Playwright e2e.
# Keychain tests need a Secret Service, and must never touch the machine's own keyring: unless it already runs in
# one, this script re-runs itself inside a private D-Bus session with a fresh gnome-keyring, unlocked with a
# throwaway password, whose files live in a temp folder that is removed afterwards. PostgreSQL: see below.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${LICENSE_DESK_PRIVATE_KEYRING:-}" != 1 ]]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    command -v "$tool" >/dev/null || { echo "test.sh: $tool is missing (apt-get install dbus gnome-keyring; see .ci/run)" >&2; exit 1; }
  done
  keyring_tmp="$(mktemp -d -t license-desk-keyring.XXXXXX)"
  mkdir -m 700 "$keyring_tmp/run"
  export XDG_DATA_HOME="$keyring_tmp/data" XDG_RUNTIME_DIR="$keyring_tmp/run" LICENSE_DESK_PRIVATE_KEYRING=1
  # dbus-daemon complains on stderr that it may not raise its fd limit (harmless, and it is not our test output).
  printf '#!/bin/sh\nexec dbus-daemon "$@" 2>/dev/null\n' > "$keyring_tmp/dbus-daemon"
  chmod +x "$keyring_tmp/dbus-daemon"
  set +e
  dbus-run-session --dbus-daemon="$keyring_tmp/dbus-daemon" -- bash -c 'printf %s license-desk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec bash "$0" "$@"' "$0" "$@"
  status=$?
  set -e
  rm -rf "$keyring_tmp"
  exit "$status"
fi

# The team workspace tests need a PostgreSQL server: a private cluster in a temp folder (scripts/pg-cluster.sh), on
# its own port and socket, stopped and removed when the run ends, however it ends. Its connection data goes to the
# tests in LICENSE_DESK_TEST_PG_* (test/support/pg.ts; a test file run alone starts a cluster of its own).
pg_tmp=''
stop_pg() {
  [[ -n "$pg_tmp" ]] || return 0
  bash scripts/pg-cluster.sh stop "$pg_tmp" 2>/dev/null || bash scripts/pg-cluster.sh kill "$pg_tmp" 2>/dev/null || true
  rm -rf "$pg_tmp"
}
trap stop_pg EXIT
if [[ -z "${LICENSE_DESK_TEST_PG_PORT:-}" ]]; then
  pg_tmp="$(mktemp -d -t license-desk-pg.XXXXXX)"
  pg_env="$(bash scripts/pg-cluster.sh start "$pg_tmp")"
  while IFS='=' read -r key value; do export "$key=$value"; done <<< "$pg_env"
fi

results="$(mktemp -d -t license-desk-results.XXXXXX)"
trap 'end_step; node scripts/test-summary.mjs "$results"; rm -rf "$results"; stop_pg' EXIT

steps=(typecheck lint build vitest playwright)
step_no=0
step_name=''
step_start=0
# Each step's time goes to the summary (scripts/test-summary.mjs), which prints it with the slowest test files.
end_step() {
  [[ -n "$step_name" ]] && printf '%s %d\n' "$step_name" "$((SECONDS - step_start))" >> "$results/steps.txt"
  step_name=''
}
step() {
  end_step
  step_no=$((step_no + 1))
  step_name="${steps[$((step_no - 1))]}"
  step_start=$SECONDS
  printf '\n==> [%d/%d] %s\n' "$step_no" "${#steps[@]}" "$1"
}

# The typecheck runs beside lint and build: each keeps one core busy, so on the 2-core machine the three take about
# the time of the typecheck alone. Its output is printed once it is done; a failure of any of the three fails the
# run when all three have ended. Its own process group, so that a run stopped early stops it too.
step 'typecheck (tsc for Node, vue-tsc for the renderer), beside lint and build; its output follows them'
typecheck_name="$step_name" typecheck_start=$SECONDS step_name=''
setsid npm run --silent typecheck > "$results/typecheck.txt" 2>&1 &
typecheck_pid=$!
trap 'kill -- -"$typecheck_pid" 2>/dev/null || true' INT TERM
set +e
step 'lint (ESLint, layer rules included)'
npx eslint .
lint_status=$?
build_status=0
if [[ $lint_status == 0 ]]; then
  step 'build (electron-vite: main, preload, renderer)'
  npx electron-vite build --logLevel warn
  build_status=$?
fi
end_step
wait "$typecheck_pid"
typecheck_status=$?
set -e
trap - INT TERM
printf '%s %d\n' "$typecheck_name" "$((SECONDS - typecheck_start))" >> "$results/steps.txt"
printf '\n==> typecheck output (exit %d)\n' "$typecheck_status"
cat "$results/typecheck.txt"
((lint_status == 0 && build_status == 0 && typecheck_status == 0)) || exit 1

step 'vitest (unit, renderer, integration)'
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"

step 'playwright (browser mode in Chromium; Electron where its binary exists)'
PLAYWRIGHT_JSON_OUTPUT_FILE="$results/playwright.json" npx playwright test --reporter=list,json
