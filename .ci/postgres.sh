#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on loopback for the store tests and export
# COLOSSEUM_TEST_POSTGRES_URL (sourced by .ci/run). Installs Debian's postgresql when missing.
# On any failure it says so and returns without the variable: those tests are then skipped
# with a visible reason instead of failing CI for want of a server.

colosseum_postgres() {
    local port=54329 bin data
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$bin" ]; then
        echo "postgres: installing Debian's postgresql" >&2
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) \
            >/dev/null 2>&1 || { echo "postgres: could not install postgresql" >&2; return 0; }
        bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    fi
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres 2>/dev/null
    data=$(mktemp -d /tmp/colosseum-pg.XXXXXX)
    chown postgres "$data"
    local as=(su postgres -s /bin/sh -c)
    [ "$(id -u)" != 0 ] && as=(sh -c)
    "${as[@]}" "$bin/initdb -D $data -A trust -U postgres" >/dev/null 2>&1 \
        || { echo "postgres: initdb failed" >&2; return 0; }
    "${as[@]}" "$bin/pg_ctl -D $data -l $data/log -w -o '-c listen_addresses=127.0.0.1 -p $port -k $data' start" \
        >/dev/null 2>&1 || { echo "postgres: the server did not start" >&2; return 0; }
    "${as[@]}" "$bin/createdb -h 127.0.0.1 -p $port -U postgres colosseum_test" >/dev/null 2>&1 \
        || { echo "postgres: createdb failed" >&2; return 0; }
    export COLOSSEUM_TEST_POSTGRES_URL="postgresql+psycopg://postgres@127.0.0.1:$port/colosseum_test"
    export COLOSSEUM_TEST_POSTGRES_STOP="$bin/pg_ctl -D $data -m fast stop"
    echo "postgres: running on 127.0.0.1:$port" >&2
}

colosseum_postgres
