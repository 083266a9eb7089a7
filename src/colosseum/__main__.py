"""`python -m colosseum`: the same as the `colosseum` command."""

from colosseum.cli.app import main

main()
