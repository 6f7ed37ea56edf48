// Focus kept across redraws (issue 37, item 2).
//
// The match page rebuilds its board and its move list on every state message, so the
// control a keyboard user stood on is replaced by a new element and the browser drops
// focus to the page body (61 of 61 moves in an audit over six games): the next Tab
// starts again from the top of the page. So the page remembers what had focus by what
// it is (its id, test id, action code, fold path or name, and which of its like it was)
// and after a draw puts focus back on the control that is the same thing; when that is
// gone (the move was made) focus goes to the first control of the new decision, and
// when none is mine to take, to the turn line. Never to the body.

/** Attributes that name a control across redraws, most telling first. */
const NAMES = ["id", "data-testid", "data-code", "data-path", "aria-label"];

/** The regions whose controls are rebuilt by a draw. */
const REGIONS = ["#board", "#legal", "#actions-panel", "#players", "#join-box", "#ask", "#results"];

/** What the page would focus first for a new decision of mine, in order. */
const FIRST = [
  "#ask button",
  "#board [role=button].hot",
  "#board button:not([disabled])",
  "#legal button:not([disabled])",
  "#legal summary",
];

let remembered = null; // {selector, nth, text} of the last focused control, or null
let parked = false; // focus waits on the turn line for my next decision

/** Whether `el` can take focus by Tab now, or by the arrow keys within its region (a
 * building no longer lit has no tab stop). */
function usable(el) {
  return Boolean(
    el && el.isConnected && (el.tabIndex >= 0 || el.hasAttribute(ROVING)) && !el.disabled && !el.closest("[hidden]") && el.getClientRects().length,
  );
}

/** A selector naming `el` by its most telling attribute within its region. */
function describe(el) {
  const region = REGIONS.find((r) => el.closest(r)) || "";
  for (const name of NAMES) {
    const value = el.getAttribute(name);
    if (value) {
      const selector = `${region} ${el.tagName.toLowerCase()}[${name}="${CSS.escape(value)}"]`.trim();
      const like = [...document.querySelectorAll(selector)];
      return { selector, nth: Math.max(0, like.indexOf(el)), text: "" };
    }
  }
  // a control with no name of its own (a plain button): known by its tag and words
  const selector = `${region} ${el.tagName.toLowerCase()}`.trim();
  const text = el.textContent.trim();
  const like = [...document.querySelectorAll(selector)].filter((e) => e.textContent.trim() === text);
  return { selector, nth: Math.max(0, like.indexOf(el)), text };
}

function find(memory) {
  let like = [...document.querySelectorAll(memory.selector)];
  if (memory.text) like = like.filter((e) => e.textContent.trim() === memory.text);
  const el = like[Math.min(memory.nth, like.length - 1)];
  return usable(el) ? el : null;
}

/** The control a new decision of mine starts at, or the turn line when none is mine. */
function firstControl(myTurn) {
  if (myTurn) {
    for (const selector of FIRST) {
      const el = [...document.querySelectorAll(selector)].find(usable);
      if (el) return el;
    }
  }
  const turn = document.getElementById("turn");
  if (turn && !turn.hasAttribute("tabindex")) turn.setAttribute("tabindex", "-1"); // focusable by script only
  return turn;
}

/**
 * Start remembering what has focus. A click on the page's background (nothing that
 * takes focus) forgets it: that player put focus down on purpose.
 */
export function watchFocus() {
  document.addEventListener("focusin", (ev) => {
    const el = ev.target;
    if (el instanceof Element && el !== document.body && el.id !== "turn") remembered = describe(el);
  });
  document.addEventListener("pointerdown", (ev) => {
    const el = ev.target instanceof Element ? ev.target : null;
    if (!el || !el.closest("button, a, input, select, summary, textarea, [tabindex]")) remembered = null;
  });
}

/**
 * After a draw: if focus fell to the body, put it back on the same control, else on
 * the first control of the new decision (`myTurn`), else on the turn line. Nothing is
 * done when focus was never on a control (a page just opened keeps its own start).
 */
export function restoreFocus(myTurn) {
  const active = document.activeElement;
  const onTurnLine = parked && active && active.id === "turn";
  if (active && active !== document.body && active.isConnected && !(onTurnLine && myTurn)) return;
  if (!remembered) return;
  for (const el of [find(remembered), firstControl(myTurn)]) {
    if (!el) continue;
    el.focus({ preventScroll: true });
    if (document.activeElement === el) {
      parked = el.id === "turn";
      return;
    }
  }
}

/** Marks a board control that is reached by the arrow keys while another control of its
 * region holds the region's one Tab stop. */
const ROVING = "data-roving";

/** The board's controls a keyboard can move between with the arrow keys. */
const BOARD_CONTROLS = `#board [role=button][tabindex='0'], #board [${ROVING}], #board button:not([disabled]), #board summary`;

/** What groups a board's controls into one Tab stop: a drawing, a list, a group. */
const REGION = "svg, [role=group], [role=grid], [role=toolbar], [role=list], [role=region], ul, ol, fieldset";

/** The region of the board `el` belongs to, or null: a control outside any drawing,
 * list or group (a prompt's buttons, a selected piece's actions) keeps its own Tab stop,
 * so what follows a selection is the next Tab away. */
function regionOf(el) {
  const board = document.getElementById("board");
  const region = el.parentElement ? el.parentElement.closest(REGION) : null;
  return region && board && board.contains(region) ? region : null;
}

/** Make `el` its region's one Tab stop; the region's other controls wait for the arrows. */
function takeStop(el, members) {
  for (const other of members) {
    if (other === el) {
      other.setAttribute("tabindex", "0");
    } else {
      other.setAttribute("tabindex", "-1");
      other.setAttribute(ROVING, "");
    }
  }
  el.removeAttribute(ROVING);
}

/** A region's controls, in document order. */
function membersOf(region) {
  return [...document.querySelectorAll(BOARD_CONTROLS)].filter((el) => usable(el) && regionOf(el) === region);
}

/**
 * One Tab stop per region of the board (issue 37, item 2: a penguin turn was up to 63
 * Tab presses): after each draw every region of two or more controls keeps one in the
 * Tab order, the control that had focus if it is there, else its first lit one (a move
 * I can make), else its first; the arrow keys reach the others. Call before
 * restoreFocus, which may then move the stop.
 */
export function roveBoard() {
  const board = document.getElementById("board");
  if (!board) return;
  const regions = new Map();
  for (const el of board.querySelectorAll(BOARD_CONTROLS)) {
    if (!usable(el)) continue;
    const region = regionOf(el);
    if (!region) continue;
    if (!regions.has(region)) regions.set(region, []);
    regions.get(region).push(el);
  }
  const kept = remembered ? find(remembered) : null;
  for (const members of regions.values()) {
    if (members.length < 2) continue;
    const stop = members.find((el) => el === kept) || members.find((el) => el.classList.contains("hot")) || members[0];
    takeStop(stop, members);
  }
}

const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The centre of `el` on the page. */
function centre(el) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/**
 * The nearest control from `from` in direction `[dx, dy]`: it must lie that way (more
 * along the direction than across it, within 60 degrees or so), and the distance across
 * counts twice, so Right on a row goes to the next spot of that row, not of the next.
 */
function nearest(from, [dx, dy], candidates) {
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of candidates) {
    if (el === from) continue;
    const [x, y] = centre(el);
    const along = (x - x0) * dx + (y - y0) * dy;
    const across = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
    if (along <= 1 || across > along * 1.8) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      best = el;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Arrow keys move focus between the board's controls by where they are drawn (the spot
 * to the right, above...), from one region to the next too; Home and End to the first
 * and last of the region (of the board, outside one): a penguin turn was up to 63 Tab presses (issue 37, item 2). Keys a control handles itself (tabs, a focused text
 * field, a scrolling region) are left to it.
 */
export function boardArrows() {
  document.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const here = document.activeElement;
    if (!(here instanceof Element) || !here.closest("#board") || !here.matches(BOARD_CONTROLS)) return;
    if (here.matches("input, select, textarea, [role=tab]")) return;
    const controls = [...document.querySelectorAll(BOARD_CONTROLS)].filter(usable);
    const region = regionOf(here) ? membersOf(regionOf(here)) : controls;
    let next = null;
    if (ev.key === "Home") next = region[0];
    else if (ev.key === "End") next = region[region.length - 1];
    else if (DIRECTIONS[ev.key]) next = nearest(here, DIRECTIONS[ev.key], controls);
    else return;
    ev.preventDefault(); // at the edge too: the page does not scroll away from the board
    if (next) next.focus();
  });
  // focus arriving anywhere in a region (arrows, a click, the page) makes it the stop
  document.addEventListener("focusin", (ev) => {
    const el = ev.target;
    if (el instanceof Element && el.hasAttribute(ROVING) && regionOf(el)) takeStop(el, membersOf(regionOf(el)));
  });
}
