# Written by `python -m meeple.core.fieldgen` from the StateFields declarations
# of meeple.games.viscounts.state: do not edit (tests/test_fieldgen.py checks it is current).
# mypy: ignore-errors
"""The field methods of meeple.games.viscounts.state's states (meeple.core.fields installs them)."""

#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.
FINGERPRINTS = {
    "ViscountsData": "41eb6f2742bbb9fd",
}


def make_ViscountsData(
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
        c.first = self.first
        c.current = self.current
        c.round = self.round
        c.end_round = self.end_round
        c.setup_left = self.setup_left[:]
        c.pairs = [x2[:] for x2 in self.pairs]
        c.ring = self.ring[:]
        c.castle_turn = self.castle_turn
        c.piles = [x2[:] for x2 in self.piles]
        c.ms_piles = [x2[:] for x2 in self.ms_piles]
        c.viscount = self.viscount[:]
        c.deck = [x2[:] for x2 in self.deck]
        c.hand = [x2[:] for x2 in self.hand]
        c.board = [x2[:] for x2 in self.board]
        c.discard = [x2[:] for x2 in self.discard]
        c.silver = self.silver[:]
        c.ink = self.ink[:]
        c.gold = self.gold[:]
        c.stone = self.stone[:]
        c.corruption = self.corruption[:]
        c.virtue = self.virtue[:]
        c.debts = self.debts[:]
        c.paid = self.paid[:]
        c.deeds = self.deeds[:]
        c.approved = self.approved[:]
        c.debts_above = self.debts_above
        c.deeds_above = self.deeds_above
        c.poverty = self.poverty
        c.prosperity = self.prosperity
        c.built = [x2[:] for x2 in self.built]
        c.spot_owner = self.spot_owner[:]
        c.spot_kind = self.spot_kind[:]
        c.tier1 = [x2[:] for x2 in self.tier1]
        c.tier2 = [x2[:] for x2 in self.tier2]
        c.tier3 = self.tier3[:]
        c.leader = self.leader
        c.manuscripts = [x2[:] for x2 in self.manuscripts]
        c.cleric_bonus = self.cleric_bonus[:]
        c.turns_taken = self.turns_taken[:]
        c.played = self.played
        c.dismissed = self.dismissed
        c.collision = self.collision
        c.vp_bonus = self.vp_bonus[:]
        c.ai_focus = self.ai_focus
        c.ai_deck = self.ai_deck[:]
        c.ai_future = self.ai_future[:]
        c.ai_board = self.ai_board[:]
        c.ai_discard = self.ai_discard[:]
        c.ai_log = self.ai_log[:]
        c.orders = self.orders
        c.outsider_pile = self.outsider_pile[:]
        c.outsiders = self.outsiders[:]
        c.wild_ribbon = self.wild_ribbon[:]
        c.bonus_cards = self.bonus_cards[:]
        c.bonus_owner = self.bonus_owner[:]
        c.leader_card = self.leader_card
        c.hero_pile = self.hero_pile[:]
        c.heroes_up = self.heroes_up[:]
        c.chest_pile = self.chest_pile[:]
        c.chests_up = self.chests_up[:]
        c.chest_slots = [x2[:] for x2 in self.chest_slots]
        c.public_owner = self.public_owner[:]
        c.boost = [x2[:] for x2 in self.boost]
        c.ai_chests = self.ai_chests[:]
        c.decisions = self.decisions
        c.rng = self.rng.copy()
        return c

    def to_json(self):
        return {
            "phase": self.phase,
            "first": self.first,
            "current": self.current,
            "round": self.round,
            "end_round": self.end_round,
            "setup_left": self.setup_left[:],
            "pairs": [x2[:] for x2 in self.pairs],
            "ring": self.ring[:],
            "castle_turn": self.castle_turn,
            "piles": [x2[:] for x2 in self.piles],
            "ms_piles": [x2[:] for x2 in self.ms_piles],
            "viscount": self.viscount[:],
            "deck": [x2[:] for x2 in self.deck],
            "hand": [x2[:] for x2 in self.hand],
            "board": [x2[:] for x2 in self.board],
            "discard": [x2[:] for x2 in self.discard],
            "silver": self.silver[:],
            "ink": self.ink[:],
            "gold": self.gold[:],
            "stone": self.stone[:],
            "corruption": self.corruption[:],
            "virtue": self.virtue[:],
            "debts": self.debts[:],
            "paid": self.paid[:],
            "deeds": self.deeds[:],
            "approved": self.approved[:],
            "debts_above": self.debts_above,
            "deeds_above": self.deeds_above,
            "poverty": self.poverty,
            "prosperity": self.prosperity,
            "built": [x2[:] for x2 in self.built],
            "spot_owner": self.spot_owner[:],
            "spot_kind": self.spot_kind[:],
            "tier1": [x2[:] for x2 in self.tier1],
            "tier2": [x2[:] for x2 in self.tier2],
            "tier3": self.tier3[:],
            "leader": self.leader,
            "manuscripts": [x2[:] for x2 in self.manuscripts],
            "cleric_bonus": self.cleric_bonus[:],
            "turns_taken": self.turns_taken[:],
            "played": self.played,
            "dismissed": self.dismissed,
            "collision": self.collision,
            "vp_bonus": self.vp_bonus[:],
            "ai_focus": self.ai_focus,
            "ai_deck": self.ai_deck[:],
            "ai_future": self.ai_future[:],
            "ai_board": self.ai_board[:],
            "ai_discard": self.ai_discard[:],
            "ai_log": json_copy(self.ai_log),
            "orders": self.orders,
            "outsider_pile": self.outsider_pile[:],
            "outsiders": self.outsiders[:],
            "wild_ribbon": self.wild_ribbon[:],
            "bonus_cards": self.bonus_cards[:],
            "bonus_owner": self.bonus_owner[:],
            "leader_card": self.leader_card,
            "hero_pile": self.hero_pile[:],
            "heroes_up": self.heroes_up[:],
            "chest_pile": self.chest_pile[:],
            "chests_up": self.chests_up[:],
            "chest_slots": [x2[:] for x2 in self.chest_slots],
            "public_owner": self.public_owner[:],
            "boost": [x2[:] for x2 in self.boost],
            "ai_chests": self.ai_chests[:],
            "decisions": decisions__dump(self.decisions),
            "rng": self.rng.to_json(),
        }

    def load(game, data):
        s = new(cls)
        s.game = game
        s.phase = int(data["phase"])
        s.first = int(data["first"])
        s.current = int(data["current"])
        s.round = int(data["round"])
        s.end_round = int(data["end_round"])
        s.setup_left = [int(x) for x in data["setup_left"]]
        s.pairs = json_copy(data["pairs"])
        s.ring = [int(x) for x in data["ring"]]
        s.castle_turn = int(data["castle_turn"])
        s.piles = json_copy(data["piles"])
        s.ms_piles = json_copy(data["ms_piles"])
        s.viscount = [int(x) for x in data["viscount"]]
        s.deck = json_copy(data["deck"])
        s.hand = json_copy(data["hand"])
        s.board = json_copy(data["board"])
        s.discard = json_copy(data["discard"])
        s.silver = [int(x) for x in data["silver"]]
        s.ink = [int(x) for x in data["ink"]]
        s.gold = [int(x) for x in data["gold"]]
        s.stone = [int(x) for x in data["stone"]]
        s.corruption = [int(x) for x in data["corruption"]]
        s.virtue = [int(x) for x in data["virtue"]]
        s.debts = [int(x) for x in data["debts"]]
        s.paid = [int(x) for x in data["paid"]]
        s.deeds = [int(x) for x in data["deeds"]]
        s.approved = [int(x) for x in data["approved"]]
        s.debts_above = int(data["debts_above"])
        s.deeds_above = int(data["deeds_above"])
        s.poverty = bool(data["poverty"])
        s.prosperity = bool(data["prosperity"])
        s.built = json_copy(data["built"])
        s.spot_owner = [int(x) for x in data["spot_owner"]]
        s.spot_kind = [int(x) for x in data["spot_kind"]]
        s.tier1 = json_copy(data["tier1"])
        s.tier2 = json_copy(data["tier2"])
        s.tier3 = [int(x) for x in data["tier3"]]
        s.leader = int(data["leader"])
        s.manuscripts = json_copy(data["manuscripts"])
        s.cleric_bonus = [int(x) for x in data["cleric_bonus"]]
        s.turns_taken = [int(x) for x in data["turns_taken"]]
        s.played = int(data["played"])
        s.dismissed = int(data["dismissed"])
        s.collision = int(data["collision"])
        s.vp_bonus = [int(x) for x in data["vp_bonus"]]
        s.ai_focus = int(data["ai_focus"])
        s.ai_deck = [int(x) for x in data["ai_deck"]]
        s.ai_future = [int(x) for x in data["ai_future"]]
        s.ai_board = [int(x) for x in data["ai_board"]]
        s.ai_discard = [int(x) for x in data["ai_discard"]]
        s.ai_log = json_copy(data["ai_log"])
        s.orders = int(data["orders"])
        s.outsider_pile = [int(x) for x in data["outsider_pile"]]
        s.outsiders = [int(x) for x in data["outsiders"]]
        s.wild_ribbon = [int(x) for x in data["wild_ribbon"]]
        s.bonus_cards = [int(x) for x in data["bonus_cards"]]
        s.bonus_owner = [int(x) for x in data["bonus_owner"]]
        s.leader_card = int(data["leader_card"])
        s.hero_pile = [int(x) for x in data["hero_pile"]]
        s.heroes_up = [int(x) for x in data["heroes_up"]]
        s.chest_pile = [int(x) for x in data["chest_pile"]]
        s.chests_up = [int(x) for x in data["chests_up"]]
        s.chest_slots = json_copy(data["chest_slots"])
        s.public_owner = [int(x) for x in data["public_owner"]]
        s.boost = json_copy(data["boost"])
        s.ai_chests = [int(x) for x in data["ai_chests"]]
        s.decisions = decisions__load(data["decisions"])
        s.rng = Rng.from_json(data["rng"])
        s.restore()
        return s

    return clone, to_json, load
