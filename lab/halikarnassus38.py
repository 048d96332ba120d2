"""Lab probe (issue 38, item 2): is Halikarnassus weak because its players undervalue the
build from the discard pile?  The valuation (bots/powers_worth.py `discard_build_worth`)
counts only the earlier ages' cards that no city built; this probe replaces it, then runs
lab/style38.py with the rest of the command line.  HALI=cheat: the best card of the real
discard pile, which a player cannot see (an upper bound); HALI=age: also this age's cards
dealt that no city built and the seat does not hold, at the share of the age played (they
lie in the pile, under a stage or in the others' hands).

    HALI=cheat python lab/halikarnassus38.py boards --games 2000 --sides
"""
import os
import sys
from pathlib import Path

MODE = os.environ.get("HALI", "cheat")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "lab"))
from interpreter.bots import powers_worth  # noqa: E402
from interpreter.bots.powers_worth import once  # noqa: E402
from interpreter.decks import dealing  # noqa: E402
old = powers_worth.PowersWorth.discard_build_worth

def new(self):
    key = ("discard build", -1)
    found = self._effects.get(key)
    if found is not None:
        return found
    base = old(self)
    if MODE == "cheat":
        names = self.city.names
        pool = [i for i in self.game.discard if self.tables.cards[i].name not in names]
        best = max([once(self.card_worth(i)) for i in pool], default=0.0)
        found = max(base, best)
    else:
        model = self.model
        age = model.ages[self.age_index]
        dealt = set(dealing(self.tables, age, model.deal_as)[0])
        built = {i for c in self.everyone for i in c.built}
        mine = set(self.game.hands[self.seat])
        names = self.city.names
        pool = [i for i in dealt if i not in built and i not in mine and self.tables.cards[i].name not in names]
        share = (self.turn - 1) / max(1, age.turns)
        best = max([once(self.card_worth(i)) for i in pool], default=0.0)
        found = max(base, base + share * (best - base))
    self._effects[key] = found
    return found
powers_worth.PowersWorth.discard_build_worth = new
import style38  # noqa: E402

if __name__ == "__main__":
    style38.main()
