#!/usr/bin/env bash
# Prints a text capture of each screen of `rasp app` (80×24, demo data, Russian unless LANG says otherwise),
# driven through tmux like the UI tests. Usage: Scripts/dev/app-screens.sh [path/to/rasp] > screens.txt
set -euo pipefail
cd "$(dirname "$0")/../.."
rasp="${1:-.build/debug/rasp}"
[ -x "$rasp" ] || { echo "build rasp first (swift build --product rasp)" >&2; exit 1; }
sandbox="$(mktemp -d)"
socket="rasp-screens-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$sandbox"' EXIT

tmux -L "$socket" -f /dev/null new-session -d -s app -x 80 -y 24 \
    "env -i HOME='$sandbox' XDG_CONFIG_HOME='$sandbox/config' XDG_CACHE_HOME='$sandbox/cache' \
     LANG='${LANG:-ru_RU.UTF-8}' TERM=xterm-256color PATH=/usr/bin:/bin '$PWD/$rasp' app; sleep 5"

keys() { tmux -L "$socket" send-keys -t app "$@"; }
shot() {
    sleep "${2:-1}"
    printf '\n### %s\n\n```\n' "$1"
    tmux -L "$socket" capture-pane -p -t app
    printf '```\n'
}

shot "Route screen" 2
keys Enter; keys -l "Моск"; shot "City picker, «Моск» typed"
keys Enter; shot "Station picker of Moscow"
keys Enter; keys Down Down Enter; keys -l "Санкт-Петрбург"; sleep 1; keys Enter; sleep 1; keys Enter
shot "Route screen, both points set"
keys Down Enter; shot "Schedule" 2
keys f; shot "Filters"
keys Down Down Enter a; shot "Schedule, evening trips (filter marker on)" 2
keys Enter; shot "Carrier"
keys Escape Escape Up Up Up Up Enter; shot "Stories, 3 s into the first" 3
keys Escape; sleep 0.5; keys Tab; shot "Settings"
keys Down Down Down Enter; shot "User agreement"
keys Escape; sleep 0.5; keys Tab q
