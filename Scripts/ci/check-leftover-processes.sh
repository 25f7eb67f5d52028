#!/usr/bin/env bash
# Fails when a process that this checkout's tests started is still running: run it after a test run (test-all.sh
# does, after `swift test`; flake-hunt.sh after every run), when no other test run of this checkout is going on.
#
# Ours are: every process whose executable is under this checkout's .build (rasp, rasp-mock, rasp-generate, a test
# runner), every tmux server of the UI tests (`tmux -L rasp-ui-…` whose command names this checkout's .build), and
# every descendant of those (the shell of a tmux pane, `rasp app` in it). Processes of other checkouts on the same
# machine are not ours. Leftovers get 15 s to finish exiting; then each is listed (pid, age, command line), killed,
# and the script exits 1.
#
# Usage: Scripts/ci/check-leftover-processes.sh [GRACE_SECONDS]   (default 15)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
grace=${1:-15}
build="$root/.build/"

# Prints the pids of our processes, one per line (zombies excluded: they have exited, only their parent has not
# collected them).
ours() {
    local pid exe args state parent stat
    local -A mine=() parents=()
    for dir in /proc/[0-9]*; do
        pid=${dir#/proc/}
        [ "$pid" = "$$" ] && continue
        # /proc/PID/stat: "PID (COMMAND) STATE PPID …"; the command may hold spaces and parentheses.
        read -r stat 2>/dev/null <"$dir/stat" || continue
        read -r state parent _ <<<"${stat##*) }"
        [ "$state" != Z ] || continue
        parents[$pid]=$parent
        exe=$(readlink "$dir/exe" 2>/dev/null) || exe=""
        args=""
        [[ "$exe" == */tmux ]] && { args=$(tr '\0' ' ' <"$dir/cmdline" 2>/dev/null) || args=""; }
        if [[ "$exe" == "$build"* ]]; then
            mine[$pid]=1
        elif [[ "$args" == tmux\ * && "$args" == *"-L rasp-ui-"* && "$args" == *"$build"* ]]; then
            mine[$pid]=1
        fi
    done
    # Descendants of ours are ours (a pane's shell and what it runs).
    local changed=1
    while [ "$changed" = 1 ]; do
        changed=0
        for pid in "${!parents[@]}"; do
            if [ -z "${mine[$pid]:-}" ] && [ -n "${mine[${parents[$pid]}]:-}" ]; then
                mine[$pid]=1
                changed=1
            fi
        done
    done
    for pid in "${!mine[@]}"; do
        [ -d "/proc/$pid" ] && echo "$pid"
    done
    return 0
}

deadline=$(( $(date +%s) + grace ))
left=$(ours)
while [ -n "$left" ] && [ "$(date +%s)" -lt "$deadline" ]; do
    sleep 0.5
    left=$(ours)
done

if [ -z "$left" ]; then
    echo "leftover_processes: 0"
    exit 0
fi

count=$(echo "$left" | wc -l)
echo "leftover_processes: $count (still running ${grace} s after the tests ended):"
for pid in $left; do
    ps -o pid=,etimes=,args= -p "$pid" 2>/dev/null | cut -c1-300 | sed 's/^/  /' || true
done
for pid in $left; do
    kill -KILL "$pid" 2>/dev/null || true
done
echo "leftover_processes: killed them; a test that starts a process or a server must end it whatever happens"
exit 1
