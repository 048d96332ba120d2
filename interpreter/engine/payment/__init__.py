"""How a city pays a resource cost: with its own production and by buying from its
neighbours.  Asked through trio.py (the memo of each city between its neighbours); the
ways of finding payments are by_resource.py (the quick way, most costs), search.py (the
general search) and bits.py (the general search for large costs); order.py says which
payments are kept and in what order.
"""
