#!/usr/bin/env bash
# Starts the app exactly as the README says (npm start) without DATABASE_URL,
# on a fresh embedded database, and checks /readyz and the Greek landing page.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
port=$(( 40000 + RANDOM % 10000 ))
log="$dir/server.log"
# Its own process group, so that npm, tsx and node all stop together.
setsid env -u DATABASE_URL DATA_DIR="$dir/data" PORT="$port" LOG_LEVEL=warn npm start >"$log" 2>&1 &
pid=$!
stop() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  sleep 1
done
ready=$(curl -fsS "http://127.0.0.1:$port/readyz") || { echo "readyz did not answer"; cat "$log"; exit 1; }
echo "readyz: $ready"
echo "$ready" | grep -q '"mode":"embedded"' || { echo "not on the embedded database"; exit 1; }
page=$(curl -fsS "http://127.0.0.1:$port/")
echo "$page" | grep -q '<html lang="el"' || { echo "landing page is not the Greek app"; echo "$page" | head -20; exit 1; }
echo "embedded smoke test: ok"
