"""How a game runs between two decision points: a stack of small steps (machine.py), each
step a function of one of this folder's modules, grouped by what it is about:

- machine.py: the stack, the decisions open, the choices collected, the sequence of phases;
- turn.py: a turn's order, from `turn start` to the hands passing on;
- resolve.py: the turn's cards placed, paid for, and what each does;
- chains.py: events and the chains of triggers and actions they set going;
- ages_and_end.py: an age's start and end, and the game's end;
- phases.py: the statements of the rules' phases (deal, draft, play from a zone, an age's);
- search_log.py: the log a search copy does not keep.
"""
