// What the board renderers (js/games/<slug>.js) all need, written once: a button or a
// board part that takes a legal action, the page's half of a bilingual word pair and its
// punctuation, indexes of the legal actions, the last move's differences, and the
// renderer object board.js reads (docs/web-client.md, "Adding a game's board").
//
// A module of its own rather than more of common.js: common.js is the pages' (boot, the
// header's language switch, the error banner) and reads the page's own state; a renderer
// sees the page only through `ctx` (its language, its strings, send), and this kit takes
// everything from `ctx` too, so a renderer drawn alone (a test, a replay) works the same.
// The stylesheet a game declares is loaded by board.js, not here.

import { clickable, h } from "./dom.js";
import { actionLabel, byKey } from "./legal.js";

export { actionLabel, byKey };

// -- the game's printed components ------------------------------------------------------

/**
 * The game's table of printed components (js/games/<slug>.components.json, written by
 * `python -m meeple.web.components` from its components.py): `await loadComponents(slug)`.
 */
export async function loadComponents(slug) {
  return (await fetch(new URL(`./games/${slug}.components.json`, import.meta.url))).json();
}

// -- the page's language ----------------------------------------------------------------

/** Whether the page reads in Traditional Chinese. */
export const isZh = (ctx) => ctx.lang === "zh-TW";

/** `en` or `zh`, as the page reads. */
export const inLang = (ctx, en, zh) => (isZh(ctx) ? zh : en);

/** The page's half of a word pair `{en, "zh-TW"}` (English when it has no other), or "". */
export const word = (pair, ctx) => (pair ? pair[ctx.lang] || pair.en : "");

/** The colon after a name: "：" in Chinese. */
export const colon = (ctx) => inLang(ctx, ": ", "：");

/** Between the items of a list: "、" in Chinese. */
export const listSep = (ctx) => inLang(ctx, ", ", "、");

/** A list in the page's language: "I3, S7" in English, "I3、S7" in Chinese. */
export const listOf = (items, ctx) => items.join(listSep(ctx));

/** The space between words, none between Chinese characters. */
export const gap = (ctx) => inLang(ctx, " ", "");

// -- the legal actions, indexed ---------------------------------------------------------

/** The legal entries of one action type. */
export const ofType = (legal, type) => legal.filter((e) => e.json && e.json.type === type);

/** The first legal entry whose JSON has every field of `match` ({type: "step", move}), or undefined. */
export const findEntry = (legal, match) =>
  legal.find((e) => e.json && Object.entries(match).every(([k, v]) => e.json[k] === v));

/** The first legal entry per key of its JSON (`keyOf` null: not indexed); byKey keeps all. */
export function firstByKey(legal, keyOf) {
  const out = new Map();
  for (const e of legal) {
    const k = keyOf(e.json || {});
    if (k !== null && k !== undefined && !out.has(k)) out.set(k, e);
  }
  return out;
}

// -- taking an action -------------------------------------------------------------------

/**
 * A button that sends `entry`: its label the server's words (or `text`), `data-code` and
 * `data-kind` set, disabled while `ctx.enabled` is false. `before()` runs before the send
 * (a renderer forgetting a selection); any other attribute is the button's (null drops
 * one of the defaults).
 */
export function actionButton(entry, ctx, { text, before, ...attrs } = {}) {
  return h(
    "button",
    {
      type: "button",
      "data-code": entry.code,
      "data-kind": entry.json && entry.json.type,
      disabled: ctx.enabled === false,
      onclick: () => {
        if (before) before();
        ctx.send(entry);
      },
      ...attrs,
    },
    text ?? actionLabel(entry),
  );
}

/** Make a board part (SVG) take `entry` when clicked or on Enter/Space; named by `label`. */
export function clickAction(el, entry, ctx, label = actionLabel(entry)) {
  return clickable(el, label, () => ctx.send(entry));
}

// -- the last move -----------------------------------------------------------------------

/** The value at `path` in the view one move earlier (`ctx.prevView`), or undefined. */
export function prevAt(ctx, ...path) {
  let v = ctx.prevView;
  for (const k of path) {
    if (v === null || v === undefined) return undefined;
    v = v[k];
  }
  return v ?? undefined;
}

/** What `now` holds that `was` did not (a Set); nothing when there was no `was`. */
export function added(now, was) {
  const out = new Set();
  if (!was) return out;
  const old = new Set(was);
  for (const x of now || []) if (!old.has(x)) out.add(x);
  return out;
}

/** The indexes where `now` and `was` differ (a Set); none when `was` is missing or of another length. */
export function changedAt(now, was) {
  const out = new Set();
  if (!now || !was || now.length !== was.length) return out;
  for (let i = 0; i < now.length; i++) if (now[i] !== was[i]) out.add(i);
  return out;
}

// -- the renderer object ------------------------------------------------------------------

/**
 * A game's renderer, as board.js reads it: `export const renderer = defineRenderer({...})`.
 * board.js checks it (checkRenderer) and loads its `stylesheet` before the first draw.
 */
export function defineRenderer(spec) {
  return Object.freeze({ ...spec, parts: Object.freeze([...(spec.parts || [])]) });
}
