# Written by `python -m meeple.core.fieldgen` from the StateFields declarations
# of meeple.games.province.state: do not edit (tests/test_fieldgen.py checks it is current).
# mypy: ignore-errors
"""The field methods of meeple.games.province.state's states (meeple.core.fields installs them)."""

#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.
FINGERPRINTS = {
    "ProvinceData": "11686109c153c223",
}


def make_ProvinceData(
    cls,
    new,
    Rng,
    json_copy,
):
    def clone(self):
        c = new(cls)
        c.game = self.game
        c.current = self.current
        c.phase = self.phase
        c.pos = self.pos[:]
        c.moved = self.moved
        c.coins = self.coins[:]
        c.built = self.built[:]
        c.first = self.first[:]
        c.loan = self.loan
        c.borrowed = self.borrowed
        c.goal_state = self.goal_state[:]
        c.reveal_pending = self.reveal_pending
        c.labor = self.labor
        c.gained = self.gained
        c.grinds = self.grinds
        c.built_turn = self.built_turn
        c.hire_ok = self.hire_ok
        c.hired = self.hired
        c.borrowed_turn = self.borrowed_turn
        c.end_toss = self.end_toss
        c.turns = self.turns
        c.start = self.start
        return c

    def to_json(self):
        return {
            "current": self.current,
            "phase": self.phase,
            "pos": self.pos[:],
            "moved": self.moved,
            "coins": self.coins[:],
            "built": self.built[:],
            "first": self.first[:],
            "loan": self.loan,
            "borrowed": self.borrowed,
            "goal_state": self.goal_state[:],
            "reveal_pending": self.reveal_pending,
            "labor": self.labor,
            "gained": self.gained,
            "grinds": self.grinds,
            "built_turn": self.built_turn,
            "hire_ok": self.hire_ok,
            "hired": self.hired,
            "borrowed_turn": self.borrowed_turn,
            "end_toss": self.end_toss,
            "turns": self.turns,
            "start": self.start,
        }

    def load(game, data):
        s = new(cls)
        s.game = game
        s.current = int(data["current"])
        s.phase = int(data["phase"])
        s.pos = [int(x) for x in data["pos"]]
        s.moved = int(data["moved"])
        s.coins = [int(x) for x in data["coins"]]
        s.built = [int(x) for x in data["built"]]
        s.first = [int(x) for x in data["first"]]
        s.loan = int(data["loan"])
        s.borrowed = int(data["borrowed"])
        s.goal_state = [int(x) for x in data["goal_state"]]
        s.reveal_pending = bool(data["reveal_pending"])
        s.labor = int(data["labor"])
        s.gained = int(data["gained"])
        s.grinds = int(data["grinds"])
        s.built_turn = bool(data["built_turn"])
        s.hire_ok = bool(data["hire_ok"])
        s.hired = bool(data["hired"])
        s.borrowed_turn = bool(data["borrowed_turn"])
        s.end_toss = int(data["end_toss"])
        s.turns = int(data["turns"])
        s.start = int(data["start"])
        s.restore()
        return s

    return clone, to_json, load
