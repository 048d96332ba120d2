"""Output for every reader: the accessible edition's card notation (notation.py), the plain
mode for screen readers (plain.py) and braille labels for an embosser (braille.py).

These modules only choose words and layout; what a card is comes from the rule set."""
