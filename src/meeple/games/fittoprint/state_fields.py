# Written by `python -m meeple.core.fieldgen` from the StateFields declarations
# of meeple.games.fittoprint.state: do not edit (tests/test_fieldgen.py checks it is current).
# mypy: ignore-errors
"""The field methods of meeple.games.fittoprint.state's states (meeple.core.fields installs them)."""

#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.
FINGERPRINTS = {
    "FitToPrintData": "ae8e8ea774cac191",
}


def make_FitToPrintData(
    cls,
    new,
    Rng,
    json_copy,
    page__copy,
    page__dump,
    page__load,
    results__copy,
    results__dump,
    results__load,
    decisions__copy,
    decisions__dump,
    decisions__load,
):
    def clone(self):
        c = new(cls)
        c.game = self.game
        c.rng = self.rng.copy()
        c.pool = self.pool[:]
        c.face_up = self.face_up[:]
        c.desk = [x2[:] for x2 in self.desk]
        c.page = [dict(x) for x in self.page]
        c.centre = [x2[:] for x2 in self.centre]
        c.cp_stack = [x2[:] for x2 in self.cp_stack]
        c.characters = self.characters[:]
        c.news_decks = [x2[:] for x2 in self.news_decks]
        c.news = self.news[:]
        c.points = [x2[:] for x2 in self.points]
        c.revenue = [x2[:] for x2 in self.revenue]
        c.results = self.results
        c.offer = [x2[:] for x2 in self.offer]
        c.draft_order = self.draft_order[:]
        c.day = self.day
        c.phase = self.phase
        c.status = self.status[:]
        c.token = self.token[:]
        c.next_token = self.next_token
        c.moves = self.moves[:]
        c.decisions = self.decisions
        c.current = self.current
        c.known = [x2[:] for x2 in self.known]
        c.unseen_since = self.unseen_since[:]
        c.drawn_on = self.drawn_on[:]
        c._turn = self._turn
        return c

    def to_json(self):
        return {
            "rng": self.rng.to_json(),
            "pool": self.pool[:],
            "face_up": self.face_up[:],
            "desk": [x2[:] for x2 in self.desk],
            "page": page__dump(self.page),
            "centre": [x2[:] for x2 in self.centre],
            "cp_stack": [x2[:] for x2 in self.cp_stack],
            "characters": self.characters[:],
            "news_decks": [x2[:] for x2 in self.news_decks],
            "news": self.news[:],
            "points": [x2[:] for x2 in self.points],
            "revenue": [x2[:] for x2 in self.revenue],
            "results": results__dump(self.results),
            "offer": [x2[:] for x2 in self.offer],
            "draft_order": self.draft_order[:],
            "day": self.day,
            "phase": self.phase,
            "status": self.status[:],
            "token": self.token[:],
            "next_token": self.next_token,
            "moves": self.moves[:],
            "decisions": decisions__dump(self.decisions),
            "current": self.current,
            "known": [x2[:] for x2 in self.known],
            "unseen_since": self.unseen_since[:],
            "drawn_on": self.drawn_on[:],
        }

    def load(game, data):
        s = new(cls)
        s.game = game
        s.rng = Rng.from_json(data["rng"])
        s.pool = [int(x) for x in data["pool"]]
        s.face_up = [int(x) for x in data["face_up"]]
        s.desk = json_copy(data["desk"])
        s.page = page__load(data["page"])
        s.centre = json_copy(data["centre"])
        s.cp_stack = json_copy(data["cp_stack"])
        s.characters = [int(x) for x in data["characters"]]
        s.news_decks = json_copy(data["news_decks"])
        s.news = [int(x) for x in data["news"]]
        s.points = json_copy(data["points"])
        s.revenue = json_copy(data["revenue"])
        s.results = results__load(data["results"])
        s.offer = json_copy(data["offer"])
        s.draft_order = [int(x) for x in data["draft_order"]]
        s.day = int(data["day"])
        s.phase = str(data["phase"])
        s.status = [int(x) for x in data["status"]]
        s.token = [int(x) for x in data["token"]]
        s.next_token = int(data["next_token"])
        s.moves = [int(x) for x in data["moves"]]
        s.decisions = decisions__load(data["decisions"])
        s.current = int(data["current"])
        s.known = json_copy(data["known"])
        s.unseen_since = [int(x) for x in data["unseen_since"]]
        s.drawn_on = [int(x) for x in data["drawn_on"]]
        s.restore()
        return s

    return clone, to_json, load
