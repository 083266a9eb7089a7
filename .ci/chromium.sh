#!/usr/bin/env bash
# Debian's chromium for the browser tests (Playwright drives it through executable_path, since
# Playwright's own browser download cannot be reached). Sourced by .ci/run; installs it when
# missing. On failure it says so and the browser tests are skipped with a visible reason.

colosseum_chromium() {
    if command -v chromium >/dev/null 2>&1; then
        return 0
    fi
    echo "chromium: installing Debian's chromium" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
        >/dev/null 2>&1 || echo "chromium: could not install chromium" >&2
}

colosseum_chromium
