"""Studio tables: friends and bots playing a rule set of the folder together (docs/studio.md).

One engine game per table, kept on the server; each person's page holds an invite link
whose token grants one place at that table only (a spectator's token grants the public
view).  Modules, one concern each:

- table.py: a table's state machine: its places, who plays which seat (people, bots, a bot
  standing in for a person who left), choices checked against the seat's own decision,
  "play again" with the seats rotated;
- views.py: what a place, a spectator or the host is shown, filtered on the server (a
  hand and the options of a decision only to the seat that holds them);
- scorepad.py: where each point of a finished game came from;
- store.py: tables saved at every decision point, atomically, in the folder's hidden
  `.wonders-studio/` and read back after a restart; finished games appended as records
  in the format `wonders simulate --out` writes;
- hub.py: the tables of a studio, their pages' WebSockets, the messages they send;
- access.py: the guard that also accepts a table's own tokens, on that table's routes only;
- routes.py: the routes (the lobby page, a table's page, its card drawings, its WebSocket).
"""
