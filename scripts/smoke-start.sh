#!/usr/bin/env bash
# Starts the API on a fresh embedded PostgreSQL, waits for /health, logs in with the generated admin password,
# then stops it and checks that it shut down cleanly. Used by CI; handy after changing start-up code.
set -euo pipefail
cd "$(dirname "$0")/.."
data_dir=$(mktemp -d)/data
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
out=$(mktemp)
started=$(date +%s%N)
# Own process group, stopped below the way a terminal's Ctrl-C stops a job: the signal reaches npm and node alike.
env -u DATABASE_URL -u JWT_SECRET -u SECRETS_KEY -u ADMIN_PASSWORD DATA_DIR="$data_dir" PORT="$port" setsid npm start >"$out" 2>&1 &
pid=$!
cleanup() { kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
trap cleanup EXIT

for _ in $(seq 1 120); do
  if curl -fs "http://127.0.0.1:$port/health" >/dev/null; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$out"; echo "smoke: the server exited before /health answered"; exit 1; fi
  sleep 0.5
done
curl -fs "http://127.0.0.1:$port/health" >/dev/null || { cat "$out"; echo "smoke: /health never answered"; exit 1; }
echo "smoke: /health answered after $(( ($(date +%s%N) - started) / 1000000 )) ms (including build check and initdb)"

password=$(cat "$data_dir/initial-admin-password")
status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
  -d "{\"login_method\":\"secret\",\"username\":\"admin\",\"secret\":\"$password\"}" "http://127.0.0.1:$port/api/v2/login")
[ "$status" = 200 ] || { cat "$out"; echo "smoke: login answered $status"; exit 1; }
echo "smoke: logged in as admin with the generated password"

kill -TERM -- "-$pid"
wait "$pid" || true
trap - EXIT
for _ in $(seq 1 20); do
  pgrep -f "postgres -D $data_dir" >/dev/null || break
  sleep 0.5
done
if pgrep -f "postgres -D $data_dir" >/dev/null; then echo "smoke: embedded PostgreSQL still running after shutdown"; exit 1; fi
echo "smoke: stopped cleanly"
