// Tic-tac-toe board: a 3x3 SVG grid. A cell is clickable exactly when the
// server lists a "place" action for it; its label comes with the action.

import { clickable, s } from "../dom.js";
import { actionLabel, byKey } from "../legal.js";

const SIZE = 300;
const CELL = SIZE / 3;

function mark(symbol, x, y) {
  const pad = 22;
  if (symbol === "X") {
    return s(
      "g",
      { class: "ttt-x", "data-mark": "X" },
      s("line", { x1: x + pad, y1: y + pad, x2: x + CELL - pad, y2: y + CELL - pad }),
      s("line", { x1: x + CELL - pad, y1: y + pad, x2: x + pad, y2: y + CELL - pad }),
    );
  }
  return s("circle", { class: "ttt-o", "data-mark": "O", cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - pad });
}

export function render(container, view, legal, ctx) {
  const places = byKey(legal, (j) => (j.type === "place" ? j.cell : null));
  const board = view.board || [];
  const svg = s("svg", {
    viewBox: `-4 -4 ${SIZE + 8} ${SIZE + 8}`,
    class: "board ttt",
    role: "group",
    "aria-label": ctx.t("board"),
    "data-testid": "ttt-board",
  });
  for (let i = 0; i < 9; i++) {
    const x = (i % 3) * CELL;
    const y = Math.floor(i / 3) * CELL;
    const g = s("g", { class: "ttt-cell", "data-cell": i });
    g.append(s("rect", { x, y, width: CELL, height: CELL, class: "ttt-bg" }));
    const symbol = board[i];
    if (symbol === "X" || symbol === "O") g.append(mark(symbol, x, y));
    const options = places.get(i);
    if (options && ctx.enabled !== false) {
      g.dataset.code = options[0].code;
      clickable(g, actionLabel(options[0]), () => ctx.send(options[0]));
    }
    svg.append(g);
  }
  for (const k of [1, 2]) {
    svg.append(s("line", { class: "ttt-grid", x1: k * CELL, y1: 0, x2: k * CELL, y2: SIZE }));
    svg.append(s("line", { class: "ttt-grid", x1: 0, y1: k * CELL, x2: SIZE, y2: k * CELL }));
  }
  container.replaceChildren(svg);
}
