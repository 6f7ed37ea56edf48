// Loading a game's renderer module (static/js/games/<slug>.js) and its
// strings (static/i18n/<slug>.json), with a generic fallback that shows the
// view as a readable tree, so any game can be played from its action list.

import { h } from "./dom.js";
import { hasString, loadStrings, t } from "./i18n.js";
import { nameControlsByWhatTheyShow } from "./label-in-name.js";

const cache = new Map();
const stringsLoaded = new Map();

/**
 * Load the game's own strings (action group names, board words) once. Separate from
 * the renderer: the generic view (`?view=raw`, or a game with no board yet) names its
 * action groups with them too, in the page's language.
 */
export function loadGameStrings(slug) {
  if (!/^[a-z0-9_]+$/.test(slug)) return Promise.resolve();
  if (!stringsLoaded.has(slug)) {
    stringsLoaded.set(
      slug,
      loadStrings(`/static/i18n/${slug}.json`, `${slug}.`).catch(() => {
        // no strings: groups and board words fall back to their raw keys
      }),
    );
  }
  return stringsLoaded.get(slug);
}

/**
 * What a renderer object may hold (docs/web-client.md, "The renderer object"): each game's
 * module exports `renderer` (render-kit.js's defineRenderer), and this table is the one
 * place the page learns what a board draws beyond `render`. A key not listed here, a
 * missing required one or a part not in PARTS rejects the renderer: the page then shows
 * the generic view, and says why on the console.
 */
export const RENDERER_KEYS = {
  game: { required: true, type: "string", what: "the game's slug, as in js/games/<slug>.js" },
  render: { required: true, type: "function", what: "render(container, view, legal, ctx): draw the board" },
  stylesheet: { type: "string", what: "css/<file>.css, loaded (and awaited) before the first board is drawn" },
  parts: { type: "object", what: "the optional parts the board draws, names from PARTS" },
  seatColours: { type: "function", what: "seatColours(view, players): one palette name per seat" },
  seatTeam: { type: "function", what: "seatTeam(view, seat, ctx): the seat's team in words, or null" },
  turnCap: { type: "function", what: "turnCap(view, ctx): {turn, limit, text?} of a game with a turn cap, or null" },
  rivals: { type: "function", what: "rivals(view, ctx): [{name, score}] of sides that hold no seat" },
};

/**
 * The optional parts a board may draw, declared in its renderer's `parts` (the tests and
 * the docs read them there); the board element carries the declared list as `data-parts`.
 */
export const PARTS = {
  buttons: "buttons of its own, under or beside the board, for actions with no place on it",
  preview: "shows what a choice would do before it is sent",
  tabs: "a tab list (role=tablist) that picks what the board shows",
  "phone-toggle": "a button shown on a phone only that fits the board to the screen or draws it larger",
  pan: "on a phone the board is drawn larger in a box that scrolls both ways",
};

/** What is wrong with `renderer` as the renderer object of `slug` (empty: nothing). */
export function checkRenderer(renderer, slug) {
  if (!renderer || typeof renderer !== "object") return ["the module exports no `renderer` object"];
  const problems = [];
  for (const [key, rule] of Object.entries(RENDERER_KEYS)) {
    const value = renderer[key];
    if (value === undefined) {
      if (rule.required) problems.push(`\`${key}\` is missing (${rule.what})`);
    } else if (typeof value !== rule.type) {
      problems.push(`\`${key}\` is a ${typeof value}, not a ${rule.type}`);
    }
  }
  for (const key of Object.keys(renderer)) {
    if (!(key in RENDERER_KEYS)) problems.push(`\`${key}\` is no part of a renderer (board.js RENDERER_KEYS)`);
  }
  if (renderer.game !== undefined && renderer.game !== slug) problems.push(`\`game\` is "${renderer.game}", not "${slug}"`);
  if (renderer.stylesheet !== undefined && !/^[a-z0-9_-]+\.css$/.test(renderer.stylesheet)) {
    problems.push(`\`stylesheet\` "${renderer.stylesheet}" is not a file name in css/`);
  }
  if (renderer.parts !== undefined) {
    if (!Array.isArray(renderer.parts)) problems.push("`parts` is not a list");
    else for (const part of renderer.parts) if (!(part in PARTS)) problems.push(`part "${part}" is not one of board.js PARTS`);
  }
  return problems;
}

const sheets = new Map();

/**
 * Add css/<file> to the page once and wait for it: a board drawn before its styles came
 * moved as they arrived (Unconscious Mind's by 0.30, ICE's by 0.11: test_layout_shift.py).
 */
export function loadStylesheet(file) {
  if (!sheets.has(file)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(`../css/${file}`, import.meta.url).href;
    link.dataset.gameCss = file;
    sheets.set(
      file,
      new Promise((resolve) => {
        link.onload = resolve;
        link.onerror = resolve; // no sheet: the board is drawn all the same
        document.head.append(link);
      }),
    );
  }
  return sheets.get(file);
}

/**
 * The renderer object of `slug` (its strings and stylesheet loaded too), or null when the
 * game has none yet or it fails checkRenderer (then the page shows the generic view).
 */
export async function loadRenderer(slug) {
  if (cache.has(slug)) return cache.get(slug);
  let renderer = null;
  if (/^[a-z0-9_]+$/.test(slug)) {
    try {
      renderer = (await import(`./games/${slug}.js`)).renderer;
      const problems = checkRenderer(renderer, slug);
      if (problems.length) {
        console.error(`the renderer of ${slug} is refused: ${problems.join("; ")}`);
        renderer = null;
      }
    } catch (err) {
      console.info(`no renderer for ${slug}: ${err}`);
      renderer = null;
    }
    await Promise.all([loadGameStrings(slug), renderer && renderer.stylesheet ? loadStylesheet(renderer.stylesheet) : null]);
  }
  cache.set(slug, renderer);
  return renderer;
}

/** Draw the board with `renderer`, the board element saying which parts it declares. */
export function renderBoard(renderer, container, view, legal, ctx) {
  const parts = renderer.parts && renderer.parts.length ? renderer.parts.join(" ") : null;
  if (parts) container.dataset.parts = parts;
  else delete container.dataset.parts;
  renderer.render(container, view, legal, ctx);
  nameControlsByWhatTheyShow(container); // every name holds the text drawn on its control
}

/** A `t` that looks in the game's strings first, then the shared ones. */
export function gameT(slug) {
  return (key, params) => (hasString(`${slug}.${key}`) ? t(`${slug}.${key}`, params) : t(key, params));
}

function valueNode(value) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "-");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", {}, value.map(String).join(" "));
    return h("ol", { start: 0 }, value.map((v) => h("li", {}, valueNode(v))));
  }
  if (typeof value === "object") {
    return h(
      "dl",
      { class: "tree" },
      Object.entries(value).map(([k, v]) => [h("dt", {}, k), h("dd", {}, valueNode(v))]),
    );
  }
  return h("span", {}, String(value));
}

/** The fallback board: the seat's view as nested lists. */
export function renderGenericView(container, view) {
  container.replaceChildren(
    h("div", { class: "generic-view", "data-testid": "generic-view" }, h("p", { class: "muted" }, t("board.generic")), valueNode(view)),
  );
}
