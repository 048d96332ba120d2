"""The `wonders` subcommands that live outside cli.py, and what all commands share."""
