// Tic-tac-toe board: a 3x3 SVG grid with its rows and columns numbered as the
// actions and the log name them ("row 1, column 2"). A cell is clickable
// exactly when the server lists a "place" action for it; its label comes with
// the action. The last mark is ringed and a winning line is struck through.

import { s } from "../dom.js";
import { byKey, changedAt, clickAction, defineRenderer, prevAt } from "../render-kit.js";

const SIZE = 300;
const CELL = SIZE / 3;
const TOP = 26; // room for the column names
const LEFT = 62; // room for the row names
const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
]; // drawn only: the server decides who won

function mark(symbol, x, y, colour) {
  const pad = 22;
  if (symbol === "X") {
    return s(
      "g",
      { class: "ttt-x", "data-mark": "X", stroke: colour },
      s("line", { x1: x + pad, y1: y + pad, x2: x + CELL - pad, y2: y + CELL - pad }),
      s("line", { x1: x + CELL - pad, y1: y + pad, x2: x + pad, y2: y + CELL - pad }),
    );
  }
  return s("circle", { class: "ttt-o", "data-mark": "O", stroke: colour, cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - pad });
}

/** The line the winner made (display only: the view says who won). */
function winningLine(board, winner) {
  if (winner === null || winner === undefined) return null;
  const symbol = "XO"[winner];
  return LINES.find((line) => line.every((c) => board[c] === symbol)) || null;
}

function render(container, view, legal, ctx) {
  const places = byKey(legal, (j) => (j.type === "place" ? j.cell : null));
  const board = view.board || [];
  const changed = changedAt(board, prevAt(ctx, "board"));
  const colour = (i) => (ctx.seatColour ? ctx.seatColour(i) : ["#c0392b", "#2c5fa8"][i]);
  const svg = s("svg", {
    viewBox: `${-LEFT} ${-TOP} ${SIZE + LEFT + 6} ${SIZE + TOP + 6}`,
    class: "board ttt",
    role: "group",
    "aria-label": ctx.t("board"),
    "data-testid": "ttt-board",
  });
  for (let k = 0; k < 3; k++) {
    svg.append(s("text", { x: k * CELL + CELL / 2, y: -8, class: "ttt-coord", "text-anchor": "middle" }, ctx.t("column_n", { n: k + 1 })));
    svg.append(s("text", { x: -8, y: k * CELL + CELL / 2 + 5, class: "ttt-coord", "text-anchor": "end" }, ctx.t("row_n", { n: k + 1 })));
  }
  for (let i = 0; i < 9; i++) {
    const x = (i % 3) * CELL;
    const y = Math.floor(i / 3) * CELL;
    const g = s("g", { class: "ttt-cell", "data-cell": i });
    g.append(s("rect", { x, y, width: CELL, height: CELL, class: "ttt-bg" }));
    const symbol = board[i];
    if (symbol === "X" || symbol === "O") {
      const seat = symbol === "X" ? 0 : 1;
      const piece = mark(symbol, x, y, colour(seat));
      if (ctx.colours) {
        piece.setAttribute("data-seat", seat);
        piece.setAttribute("data-colour", ctx.colours[seat]);
      }
      g.append(piece);
      if (changed.has(i)) {
        g.classList.add("last-move");
        g.append(s("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 8, class: "last-move-ring" }));
      }
    }
    const options = places.get(i);
    if (options && ctx.enabled !== false) {
      g.dataset.code = options[0].code;
      clickAction(g, options[0], ctx);
    }
    svg.append(g);
  }
  for (const k of [1, 2]) {
    svg.append(s("line", { class: "ttt-grid", x1: k * CELL, y1: 0, x2: k * CELL, y2: SIZE }));
    svg.append(s("line", { class: "ttt-grid", x1: 0, y1: k * CELL, x2: SIZE, y2: k * CELL }));
  }
  const line = winningLine(board, view.winner);
  if (line) {
    const centre = (c) => [(c % 3) * CELL + CELL / 2, Math.floor(c / 3) * CELL + CELL / 2];
    const [x1, y1] = centre(line[0]);
    const [x2, y2] = centre(line[2]);
    svg.append(s("line", { class: "ttt-win", "data-testid": "ttt-win", x1, y1, x2, y2, stroke: colour(view.winner) }));
  }
  container.replaceChildren(svg);
}

export const renderer = defineRenderer({ game: "tictactoe", render });
