# Written by `python -m meeple.core.fieldgen` from the StateFields declarations
# of meeple.games.unconscious.state: do not edit (tests/test_fieldgen.py checks it is current).
# mypy: ignore-errors
"""The field methods of meeple.games.unconscious.state's states (meeple.core.fields installs them)."""

#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.
FINGERPRINTS = {
    "UnconsciousData": "9ba1b4043ae3e8fc",
}


def make_UnconsciousData(
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
        c.rng = self.rng.copy()
        c.phase = self.phase
        c.current = self.current
        c.step = self.step
        c.recalled = self.recalled
        c.placed_row = self.placed_row
        c.treated = self.treated
        c.decisions = self.decisions
        c.round = self.round
        c.era = self.era
        c.rounds_left = self.rounds_left
        c.end_trigger = self.end_trigger
        c.stacks = [x2[:] for x2 in self.stacks]
        c.middle = self.middle[:]
        c.right = self.right[:]
        c.space_seat = self.space_seat[:]
        c.space_action = self.space_action[:]
        c.space_ideas = self.space_ideas[:]
        c.freud_loc = self.freud_loc
        c.freud_rep = self.freud_rep
        c.professor = self.professor[:]
        c.rep = self.rep[:]
        c.rep_stamp = self.rep_stamp[:]
        c.stamp = self.stamp
        c.tokens = [x2[:] for x2 in self.tokens]
        c.bonus_cover = [x2[:] for x2 in self.bonus_cover]
        c.district_slot = [x2[:] for x2 in self.district_slot]
        c.ideas = self.ideas[:]
        c.locked_ideas = self.locked_ideas[:]
        c.coffee = self.coffee[:]
        c.bright = self.bright[:]
        c.vp = self.vp[:]
        c.vp_by = [x2[:] for x2 in self.vp_by]
        c.inkpot = self.inkpot[:]
        c.notebook = [x2[:] for x2 in self.notebook]
        c.col_mask = self.col_mask[:]
        c.row_mask = self.row_mask[:]
        c.dial = [x2[:] for x2 in self.dial]
        c.letter = self.letter[:]
        c.room_client = [x2[:] for x2 in self.room_client]
        c.room_grief = [x2[:] for x2 in self.room_grief]
        c.room_track = [x2[:] for x2 in self.room_track]
        c.room_latent = [x2[:] for x2 in self.room_latent]
        c.room_manifest = [x2[:] for x2 in self.room_manifest]
        c.room2_open = self.room2_open[:]
        c.start_track = self.start_track[:]
        c.cured = [x2[:] for x2 in self.cured]
        c.hand = [x2[:] for x2 in self.hand]
        c.known_hand = [x2[:] for x2 in self.known_hand]
        c.played = [x2[:] for x2 in self.played]
        c.treatises = [x2[:] for x2 in self.treatises]
        c.goals_held = [x2[:] for x2 in self.goals_held]
        c.normal_deck = self.normal_deck[:]
        c.complex_deck = self.complex_deck[:]
        c.grief_deck = self.grief_deck[:]
        c.manifest_deck = self.manifest_deck[:]
        c.latent_deck = self.latent_deck[:]
        c.manifest_discard = self.manifest_discard[:]
        c.latent_discard = self.latent_discard[:]
        c.research_deck = self.research_deck[:]
        c.research_up = self.research_up
        c.client_display = self.client_display[:]
        c.display_grief = self.display_grief[:]
        c.manifest_display = self.manifest_display[:]
        c.treatise_owner = self.treatise_owner[:]
        c.treatise_cards = [x2[:] for x2 in self.treatise_cards]
        c.goals_left = self.goals_left[:]
        return c

    def to_json(self):
        return {
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "current": self.current,
            "step": self.step,
            "recalled": self.recalled,
            "placed_row": self.placed_row,
            "treated": self.treated,
            "decisions": decisions__dump(self.decisions),
            "round": self.round,
            "era": self.era,
            "rounds_left": self.rounds_left,
            "end_trigger": self.end_trigger,
            "stacks": [x2[:] for x2 in self.stacks],
            "middle": self.middle[:],
            "right": self.right[:],
            "space_seat": self.space_seat[:],
            "space_action": self.space_action[:],
            "space_ideas": self.space_ideas[:],
            "freud_loc": self.freud_loc,
            "freud_rep": self.freud_rep,
            "professor": self.professor[:],
            "rep": self.rep[:],
            "rep_stamp": self.rep_stamp[:],
            "stamp": self.stamp,
            "tokens": [x2[:] for x2 in self.tokens],
            "bonus_cover": [x2[:] for x2 in self.bonus_cover],
            "district_slot": [x2[:] for x2 in self.district_slot],
            "ideas": self.ideas[:],
            "locked_ideas": self.locked_ideas[:],
            "coffee": self.coffee[:],
            "bright": self.bright[:],
            "vp": self.vp[:],
            "vp_by": [x2[:] for x2 in self.vp_by],
            "inkpot": self.inkpot[:],
            "notebook": [x2[:] for x2 in self.notebook],
            "col_mask": self.col_mask[:],
            "row_mask": self.row_mask[:],
            "dial": [x2[:] for x2 in self.dial],
            "letter": self.letter[:],
            "room_client": [x2[:] for x2 in self.room_client],
            "room_grief": [x2[:] for x2 in self.room_grief],
            "room_track": [x2[:] for x2 in self.room_track],
            "room_latent": [x2[:] for x2 in self.room_latent],
            "room_manifest": [x2[:] for x2 in self.room_manifest],
            "room2_open": self.room2_open[:],
            "start_track": self.start_track[:],
            "cured": [x2[:] for x2 in self.cured],
            "hand": [x2[:] for x2 in self.hand],
            "known_hand": [x2[:] for x2 in self.known_hand],
            "played": [x2[:] for x2 in self.played],
            "treatises": [x2[:] for x2 in self.treatises],
            "goals_held": [x2[:] for x2 in self.goals_held],
            "normal_deck": self.normal_deck[:],
            "complex_deck": self.complex_deck[:],
            "grief_deck": self.grief_deck[:],
            "manifest_deck": self.manifest_deck[:],
            "latent_deck": self.latent_deck[:],
            "manifest_discard": self.manifest_discard[:],
            "latent_discard": self.latent_discard[:],
            "research_deck": self.research_deck[:],
            "research_up": self.research_up,
            "client_display": self.client_display[:],
            "display_grief": self.display_grief[:],
            "manifest_display": self.manifest_display[:],
            "treatise_owner": self.treatise_owner[:],
            "treatise_cards": [x2[:] for x2 in self.treatise_cards],
            "goals_left": self.goals_left[:],
        }

    def load(game, data):
        s = new(cls)
        s.game = game
        s.rng = Rng.from_json(data["rng"])
        s.phase = int(data["phase"])
        s.current = int(data["current"])
        s.step = int(data["step"])
        s.recalled = int(data["recalled"])
        s.placed_row = int(data["placed_row"])
        s.treated = int(data["treated"])
        s.decisions = decisions__load(data["decisions"])
        s.round = int(data["round"])
        s.era = int(data["era"])
        s.rounds_left = int(data["rounds_left"])
        s.end_trigger = int(data["end_trigger"])
        s.stacks = json_copy(data["stacks"])
        s.middle = [int(x) for x in data["middle"]]
        s.right = [int(x) for x in data["right"]]
        s.space_seat = [int(x) for x in data["space_seat"]]
        s.space_action = [int(x) for x in data["space_action"]]
        s.space_ideas = [int(x) for x in data["space_ideas"]]
        s.freud_loc = int(data["freud_loc"])
        s.freud_rep = int(data["freud_rep"])
        s.professor = [int(x) for x in data["professor"]]
        s.rep = [int(x) for x in data["rep"]]
        s.rep_stamp = [int(x) for x in data["rep_stamp"]]
        s.stamp = int(data["stamp"])
        s.tokens = json_copy(data["tokens"])
        s.bonus_cover = json_copy(data["bonus_cover"])
        s.district_slot = json_copy(data["district_slot"])
        s.ideas = [int(x) for x in data["ideas"]]
        s.locked_ideas = [int(x) for x in data["locked_ideas"]]
        s.coffee = [int(x) for x in data["coffee"]]
        s.bright = [int(x) for x in data["bright"]]
        s.vp = [int(x) for x in data["vp"]]
        s.vp_by = json_copy(data["vp_by"])
        s.inkpot = [int(x) for x in data["inkpot"]]
        s.notebook = json_copy(data["notebook"])
        s.col_mask = [int(x) for x in data["col_mask"]]
        s.row_mask = [int(x) for x in data["row_mask"]]
        s.dial = json_copy(data["dial"])
        s.letter = [int(x) for x in data["letter"]]
        s.room_client = json_copy(data["room_client"])
        s.room_grief = json_copy(data["room_grief"])
        s.room_track = json_copy(data["room_track"])
        s.room_latent = json_copy(data["room_latent"])
        s.room_manifest = json_copy(data["room_manifest"])
        s.room2_open = [int(x) for x in data["room2_open"]]
        s.start_track = [int(x) for x in data["start_track"]]
        s.cured = json_copy(data["cured"])
        s.hand = json_copy(data["hand"])
        s.known_hand = json_copy(data["known_hand"])
        s.played = json_copy(data["played"])
        s.treatises = json_copy(data["treatises"])
        s.goals_held = json_copy(data["goals_held"])
        s.normal_deck = [int(x) for x in data["normal_deck"]]
        s.complex_deck = [int(x) for x in data["complex_deck"]]
        s.grief_deck = [int(x) for x in data["grief_deck"]]
        s.manifest_deck = [int(x) for x in data["manifest_deck"]]
        s.latent_deck = [int(x) for x in data["latent_deck"]]
        s.manifest_discard = [int(x) for x in data["manifest_discard"]]
        s.latent_discard = [int(x) for x in data["latent_discard"]]
        s.research_deck = [int(x) for x in data["research_deck"]]
        s.research_up = int(data["research_up"])
        s.client_display = [int(x) for x in data["client_display"]]
        s.display_grief = [int(x) for x in data["display_grief"]]
        s.manifest_display = [int(x) for x in data["manifest_display"]]
        s.treatise_owner = [int(x) for x in data["treatise_owner"]]
        s.treatise_cards = json_copy(data["treatise_cards"])
        s.goals_left = [int(x) for x in data["goals_left"]]
        s.restore()
        return s

    return clone, to_json, load
