# Written by `python -m meeple.core.fieldgen` from the StateFields declarations
# of meeple.games.tictactoe.state: do not edit (tests/test_fieldgen.py checks it is current).
# mypy: ignore-errors
"""The field methods of meeple.games.tictactoe.state's states (meeple.core.fields installs them)."""

#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.
FINGERPRINTS = {
    "TicTacToeData": "ccee50f8459558f7",
}


def make_TicTacToeData(
    cls,
    new,
    Rng,
    json_copy,
):
    def clone(self):
        c = new(cls)
        c.game = self.game
        c.board = self.board[:]
        c.to_move = self.to_move
        c._turn = self._turn
        c._winner = self._winner
        return c

    def to_json(self):
        return {
            "board": self.board[:],
            "to_move": self.to_move,
        }

    def load(game, data):
        s = new(cls)
        s.game = game
        s.board = [int(x) for x in data["board"]]
        s.to_move = int(data["to_move"])
        s.restore()
        return s

    return clone, to_json, load
