"""The views layer: what the game and its figures look like to a reader, in every language.

Words (describe.py, describe_nl.py; the rule set's own names come from i18n), the accessible
notation and braille (access/), the cards' pictures (render/), text tables and logs
(table.py, play_log.py, replay.py, cards.py, rules.py, score_table.py, action_words.py) and
the text and HTML of the players' figures (figures/). A view reads the core and the
players; nothing below it imports a view (docs/architecture.md, "Four layers")."""
