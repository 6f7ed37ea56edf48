# Written by `python -m meeple.core.fieldgen` from the StateFields declarations
# of meeple.games.penguins.state: do not edit (tests/test_fieldgen.py checks it is current).
# mypy: ignore-errors
"""The field methods of meeple.games.penguins.state's states (meeple.core.fields installs them)."""

#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.
FINGERPRINTS = {
    "PenguinData": "e8e8276d879a84ae",
}


def make_PenguinData(
    cls,
    new,
    Rng,
    json_copy,
    layout__copy,
    layout__dump,
    layout__load,
    decisions__copy,
    decisions__dump,
    decisions__load,
):
    def clone(self):
        c = new(cls)
        c.game = self.game
        c.board = self.board[:]
        c.layout = layout__copy(self.layout)
        c.hands = [x2[:] for x2 in self.hands]
        c.offers = [x2[:] for x2 in self.offers]
        c.deck = self.deck[:]
        c.deck_known = [x2[:] for x2 in self.deck_known]
        c.discard = self.discard[:]
        c.lost_eggs = self.lost_eggs[:]
        c.lost_assistants = self.lost_assistants[:]
        c.lost_star = self.lost_star[:]
        c.rng = self.rng.copy()
        c.first = self.first
        c.scene = self.scene
        c.gold = self.gold[:]
        c.silver = self.silver[:]
        c.used_sets = self.used_sets[:]
        c.seat = self.seat
        c.turns = self.turns
        c.steps = self.steps
        c.card_used = self.card_used
        c.emperor_used = self.emperor_used
        c.seal_used = self.seal_used
        c.main_done = self.main_done
        c.star_moved = self.star_moved
        c.winner = self.winner
        c.playing = self.playing
        c.decisions = self.decisions
        return c

    def to_json(self):
        return {
            "board": self.board[:],
            "layout": layout__dump(self.layout),
            "hands": [x2[:] for x2 in self.hands],
            "offers": [x2[:] for x2 in self.offers],
            "deck": self.deck[:],
            "deck_known": [x2[:] for x2 in self.deck_known],
            "discard": self.discard[:],
            "lost_eggs": self.lost_eggs[:],
            "lost_assistants": self.lost_assistants[:],
            "lost_star": self.lost_star[:],
            "rng": self.rng.to_json(),
            "first": self.first,
            "scene": self.scene,
            "gold": self.gold[:],
            "silver": self.silver[:],
            "used_sets": self.used_sets[:],
            "seat": self.seat,
            "turns": self.turns,
            "steps": self.steps,
            "card_used": self.card_used,
            "emperor_used": self.emperor_used,
            "seal_used": self.seal_used,
            "main_done": self.main_done,
            "star_moved": self.star_moved,
            "winner": self.winner,
            "playing": self.playing,
            "decisions": decisions__dump(self.decisions),
        }

    def load(game, data):
        s = new(cls)
        s.game = game
        s.board = [int(x) for x in data["board"]]
        s.layout = layout__load(data["layout"])
        s.hands = json_copy(data["hands"])
        s.offers = json_copy(data["offers"])
        s.deck = [int(x) for x in data["deck"]]
        s.deck_known = json_copy(data["deck_known"])
        s.discard = [int(x) for x in data["discard"]]
        s.lost_eggs = [int(x) for x in data["lost_eggs"]]
        s.lost_assistants = [int(x) for x in data["lost_assistants"]]
        s.lost_star = [int(x) for x in data["lost_star"]]
        s.rng = Rng.from_json(data["rng"])
        s.first = int(data["first"])
        s.scene = int(data["scene"])
        s.gold = [int(x) for x in data["gold"]]
        s.silver = [int(x) for x in data["silver"]]
        s.used_sets = [str(x) for x in data["used_sets"]]
        s.seat = int(data["seat"])
        s.turns = int(data["turns"])
        s.steps = int(data["steps"])
        s.card_used = bool(data["card_used"])
        s.emperor_used = bool(data["emperor_used"])
        s.seal_used = bool(data["seal_used"])
        s.main_done = bool(data["main_done"])
        s.star_moved = bool(data["star_moved"])
        s.winner = None if data["winner"] is None else int(data["winner"])
        s.playing = bool(data["playing"])
        s.decisions = decisions__load(data["decisions"])
        s.restore()
        return s

    return clone, to_json, load
