"""What Weigh's page needs to open a figure's example game in Play (play_replay.py): the
rule set and variants of each side as Play names them, the players, bots and sides.  The
games are Weigh's own (sim/records.py: game i of the run plays with `game_seed(seed, i)`,
its bots seeded from that seed), so Play replays the very game the figure counted."""

from __future__ import annotations

from pathlib import Path


def play_settings(root: Path, variant: Path, against: Path | None, players: int, bots: tuple[str, ...]) -> dict:
    """Play's settings of side A and side B (None for a side Play cannot open: a pack's
    base rules when they are the shipped ones, outside the studio's folder)."""
    from .play_packs import is_pack, pack_base
    from .play_rules import as_shown
    if is_pack(root, variant):
        base = pack_base(root, variant)[0]
        a = None if base is None else {"edition": as_shown(root, base), "variants": []}
        b = {"edition": as_shown(root, variant), "variants": []}
    else:
        edition = as_shown(root, variant.parent.parent)
        a = {"edition": edition, "variants": [as_shown(root, against)] if against else []}
        b = {"edition": edition, "variants": [as_shown(root, variant)]}
    return {"a": a, "b": b, "players": players, "bots": list(bots), "sides": "random"}
