# Written by `python -m meeple.core.fieldgen` from the StateFields declarations
# of meeple.games.snowtails.state: do not edit (tests/test_fieldgen.py checks it is current).
# mypy: ignore-errors
"""The field methods of meeple.games.snowtails.state's states (meeple.core.fields installs them)."""

#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.
FINGERPRINTS = {
    "SnowTailsData": "b29f352da70596fb",
}


def make_SnowTailsData(
    cls,
    new,
    Rng,
    json_copy,
):
    def clone(self):
        c = new(cls)
        c.game = self.game
        c.rng = self.rng.copy()
        c.race = self.race
        c.points = self.points[:]
        c.results = [x2[:] for x2 in self.results]
        c.phase = self.phase
        c.round_no = self.round_no
        c.order = self.order[:]
        c.order_idx = self.order_idx
        c.pick_order = self.pick_order[:]
        c.lane_no = self.lane_no[:]
        c.cell = self.cell[:]
        c.status = self.status[:]
        c.left = [x2[:] for x2 in self.left]
        c.right = [x2[:] for x2 in self.right]
        c.brake = self.brake[:]
        c.hand = [x2[:] for x2 in self.hand]
        c.deck = [x2[:] for x2 in self.deck]
        c.discards = [x2[:] for x2 in self.discards]
        c.trees = set(self.trees)
        c.placed_value = self.placed_value
        c.placed_slots = self.placed_slots[:]
        c.fwd_rem = self.fwd_rem
        c.diag_rem = self.diag_rem
        c.drift = self.drift
        c.speed = self.speed
        c.base = self.base
        c.bonus_steps = self.bonus_steps
        c.bumped = self.bumped
        c.lines = self.lines[:]
        c.events = self.events[:]
        c.last_events = self.last_events[:]
        c.elim_order = self.elim_order[:]
        return c

    def to_json(self):
        return {
            "rng": self.rng.to_json(),
            "race": self.race,
            "points": self.points[:],
            "results": [x2[:] for x2 in self.results],
            "phase": self.phase,
            "round_no": self.round_no,
            "order": self.order[:],
            "order_idx": self.order_idx,
            "pick_order": self.pick_order[:],
            "lane_no": self.lane_no[:],
            "cell": self.cell[:],
            "status": self.status[:],
            "left": [x2[:] for x2 in self.left],
            "right": [x2[:] for x2 in self.right],
            "brake": self.brake[:],
            "hand": [x2[:] for x2 in self.hand],
            "deck": [x2[:] for x2 in self.deck],
            "discards": [x2[:] for x2 in self.discards],
            "trees": sorted(self.trees),
            "placed_value": self.placed_value,
            "placed_slots": self.placed_slots[:],
            "fwd_rem": self.fwd_rem,
            "diag_rem": self.diag_rem,
            "drift": self.drift,
            "speed": self.speed,
            "base": self.base,
            "bonus_steps": self.bonus_steps,
            "bumped": self.bumped,
            "lines": self.lines[:],
            "events": json_copy(self.events),
            "last_events": json_copy(self.last_events),
            "elim_order": self.elim_order[:],
        }

    def load(game, data):
        s = new(cls)
        s.game = game
        s.rng = Rng.from_json(data["rng"])
        s.race = int(data["race"])
        s.points = [int(x) for x in data["points"]]
        s.results = json_copy(data["results"])
        s.phase = str(data["phase"])
        s.round_no = int(data["round_no"])
        s.order = [int(x) for x in data["order"]]
        s.order_idx = int(data["order_idx"])
        s.pick_order = [int(x) for x in data["pick_order"]]
        s.lane_no = [int(x) for x in data["lane_no"]]
        s.cell = [int(x) for x in data["cell"]]
        s.status = [int(x) for x in data["status"]]
        s.left = json_copy(data["left"])
        s.right = json_copy(data["right"])
        s.brake = [int(x) for x in data["brake"]]
        s.hand = json_copy(data["hand"])
        s.deck = json_copy(data["deck"])
        s.discards = json_copy(data["discards"])
        s.trees = set(data["trees"])
        s.placed_value = int(data["placed_value"])
        s.placed_slots = [str(x) for x in data["placed_slots"]]
        s.fwd_rem = int(data["fwd_rem"])
        s.diag_rem = int(data["diag_rem"])
        s.drift = int(data["drift"])
        s.speed = int(data["speed"])
        s.base = int(data["base"])
        s.bonus_steps = int(data["bonus_steps"])
        s.bumped = bool(data["bumped"])
        s.lines = [int(x) for x in data["lines"]]
        s.events = json_copy(data["events"])
        s.last_events = json_copy(data["last_events"])
        s.elim_order = [int(x) for x in data["elim_order"]]
        s.restore()
        return s

    return clone, to_json, load
