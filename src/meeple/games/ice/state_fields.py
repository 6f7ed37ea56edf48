# Written by `python -m meeple.core.fieldgen` from the StateFields declarations
# of meeple.games.ice.state: do not edit (tests/test_fieldgen.py checks it is current).
# mypy: ignore-errors
"""The field methods of meeple.games.ice.state's states (meeple.core.fields installs them)."""

#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.
FINGERPRINTS = {
    "IceData": "cfdc6e96c7da9eed",
}


def make_IceData(
    cls,
    new,
    Rng,
    json_copy,
    decisions__copy,
    decisions__dump,
    decisions__load,
):
    def clone(self):
        c = new(cls)
        c.game = self.game
        c.phase = self.phase
        c.day = self.day
        c.start = self.start
        c.current = self.current
        c.spent = self.spent
        c.flags = self.flags
        c.tile = self.tile[:]
        c.arch = self.arch[:]
        c.camp = self.camp[:]
        c.leader = self.leader[:]
        c.guild = self.guild[:]
        c.ap = self.ap[:]
        c.plan = self.plan[:]
        c.camps_held = self.camps_held[:]
        c.camp_pool = self.camp_pool
        c.arch_supply = self.arch_supply
        c.board = [x2[:] for x2 in self.board]
        c.prism_as = [x2[:] for x2 in self.prism_as]
        c.hand = [x2[:] for x2 in self.hand]
        c.private = [x2[:] for x2 in self.private]
        c.given_back = [x2[:] for x2 in self.given_back]
        c.done = [x2[:] for x2 in self.done]
        c.bounty = self.bounty[:]
        c.deck = self.deck[:]
        c.edicts = self.edicts[:]
        c.edifice_effect = self.edifice_effect
        c.shown = [x2[:] for x2 in self.shown]
        c.shown_lit = [x2[:] for x2 in self.shown_lit]
        c.deeds = [x2[:] for x2 in self.deeds]
        c.renown = self.renown[:]
        c.camps_set = self.camps_set[:]
        c.edifices_found = self.edifices_found[:]
        c.decisions = self.decisions
        c.final = self.final
        c.final_left = self.final_left[:]
        c.eod_left = self.eod_left[:]
        c.eod_taken = self.eod_taken
        c.eod_req = self.eod_req
        return c

    def to_json(self):
        return {
            "phase": self.phase,
            "day": self.day,
            "start": self.start,
            "current": self.current,
            "spent": self.spent,
            "flags": self.flags,
            "tile": self.tile[:],
            "arch": self.arch[:],
            "camp": self.camp[:],
            "leader": self.leader[:],
            "guild": self.guild[:],
            "ap": self.ap[:],
            "plan": self.plan[:],
            "camps_held": self.camps_held[:],
            "camp_pool": self.camp_pool,
            "arch_supply": self.arch_supply,
            "board": [x2[:] for x2 in self.board],
            "prism_as": [x2[:] for x2 in self.prism_as],
            "hand": [x2[:] for x2 in self.hand],
            "private": [x2[:] for x2 in self.private],
            "given_back": [x2[:] for x2 in self.given_back],
            "done": [x2[:] for x2 in self.done],
            "bounty": self.bounty[:],
            "deck": self.deck[:],
            "edicts": self.edicts[:],
            "edifice_effect": self.edifice_effect,
            "shown": [x2[:] for x2 in self.shown],
            "shown_lit": [x2[:] for x2 in self.shown_lit],
            "deeds": [x2[:] for x2 in self.deeds],
            "renown": self.renown[:],
            "camps_set": self.camps_set[:],
            "edifices_found": self.edifices_found[:],
            "decisions": decisions__dump(self.decisions),
            "final": self.final,
            "final_left": self.final_left[:],
            "eod_left": self.eod_left[:],
            "eod_taken": self.eod_taken,
            "eod_req": self.eod_req,
        }

    def load(game, data):
        s = new(cls)
        s.game = game
        s.phase = int(data["phase"])
        s.day = int(data["day"])
        s.start = int(data["start"])
        s.current = int(data["current"])
        s.spent = int(data["spent"])
        s.flags = int(data["flags"])
        s.tile = [int(x) for x in data["tile"]]
        s.arch = [int(x) for x in data["arch"]]
        s.camp = [int(x) for x in data["camp"]]
        s.leader = [int(x) for x in data["leader"]]
        s.guild = [int(x) for x in data["guild"]]
        s.ap = [int(x) for x in data["ap"]]
        s.plan = [int(x) for x in data["plan"]]
        s.camps_held = [int(x) for x in data["camps_held"]]
        s.camp_pool = int(data["camp_pool"])
        s.arch_supply = int(data["arch_supply"])
        s.board = json_copy(data["board"])
        s.prism_as = json_copy(data["prism_as"])
        s.hand = json_copy(data["hand"])
        s.private = json_copy(data["private"])
        s.given_back = json_copy(data["given_back"])
        s.done = json_copy(data["done"])
        s.bounty = [int(x) for x in data["bounty"]]
        s.deck = [int(x) for x in data["deck"]]
        s.edicts = [int(x) for x in data["edicts"]]
        s.edifice_effect = int(data["edifice_effect"])
        s.shown = json_copy(data["shown"])
        s.shown_lit = json_copy(data["shown_lit"])
        s.deeds = json_copy(data["deeds"])
        s.renown = [int(x) for x in data["renown"]]
        s.camps_set = [int(x) for x in data["camps_set"]]
        s.edifices_found = [int(x) for x in data["edifices_found"]]
        s.decisions = decisions__load(data["decisions"])
        s.final = int(data["final"])
        s.final_left = [int(x) for x in data["final_left"]]
        s.eod_left = [int(x) for x in data["eod_left"]]
        s.eod_taken = int(data["eod_taken"])
        s.eod_req = int(data["eod_req"])
        s.restore()
        return s

    return clone, to_json, load
