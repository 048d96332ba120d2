"""A bot that ends the program instead of answering: `wonders` stops the game with an
error naming it (exit status 1), never with the bot's own status (docs/bots.md)."""

import sys

from interpreter.bots import Bot


class Quitter(Bot):
    def choose(self, view, options):
        print("no idea, giving up")            # goes to standard error, never into the output
        sys.exit(5)
