#!/usr/bin/env bash
# Debian's tmux for the terminal test that searches a hot-seat game's whole scroll-back for the
# other seat's secrets. Sourced by .ci/run; installs it when missing. On failure it says so and
# that test is skipped with a visible reason.

colosseum_tmux() {
    if command -v tmux >/dev/null 2>&1; then
        return 0
    fi
    echo "tmux: installing Debian's tmux" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux) \
        >/dev/null 2>&1 || echo "tmux: could not install tmux" >&2
}

colosseum_tmux
