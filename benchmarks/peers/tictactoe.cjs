// Tic-tac-toe for boardgame.io, written for this benchmark (the same rules as
// meeple's tictactoe). Moves run on the server only (client: false), so every
// move makes the same network round trip as a move on meeple's server.
const { INVALID_MOVE } = require("boardgame.io/core");

const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

function winner(cells) {
  for (const [a, b, c] of LINES) {
    if (cells[a] !== null && cells[a] === cells[b] && cells[a] === cells[c]) return cells[a];
  }
  return null;
}

const TicTacToe = {
  name: "tictactoe",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    place: {
      move: ({ G, playerID }, cell) => {
        if (!Number.isInteger(cell) || cell < 0 || cell > 8 || G.cells[cell] !== null) {
          return INVALID_MOVE;
        }
        G.cells[cell] = playerID;
      },
      client: false,
    },
  },
  endIf: ({ G }) => {
    const w = winner(G.cells);
    if (w !== null) return { winner: w };
    if (G.cells.every((c) => c !== null)) return { draw: true };
  },
};

module.exports = { TicTacToe };
