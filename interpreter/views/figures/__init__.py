"""The figures of simulate, compare, tune and the skill runs as text tables and HTML pages:
sim/ measures them, these modules only show them."""
