"""The `colosseum` command line: games, play, replay, simulate, bench (see docs/cli.md)."""
