// The generic legal-action list: one button per action the server says is
// legal now. Every registered game is playable through it before it has a
// board renderer; with a renderer it stays as the complete list (a board may
// offer only the most direct actions and leave the rest here).
//
// Legality is never computed here: the list is exactly the server's.

import { h } from "./dom.js";
import { getLang, hasString, t } from "./i18n.js";

/**
 * The words for an action, a log line or a legal entry in the page's language:
 * the `label` the server sends with it (written once, in the game's Python text
 * module), else its text form. Nothing in the browser translates an action.
 */
export function actionLabel(entry) {
  const label = entry && entry.label;
  if (label) return label[getLang()] || label.en || entry.text;
  return entry ? entry.text : "";
}

function groupTitle(kind, ctx) {
  const key = `${ctx.game}.kind.${kind}`;
  return hasString(key) ? t(key) : kind;
}

/** No panel shows more buttons than this at once (docs/web-client.md, "Conventions"). */
export const MAX_BUTTONS = 30;
// The side panel also holds Undo, Leave and Hint (where the match allows hints): the
// list itself keeps to the rest.
const LIST_LIMIT = MAX_BUTTONS - 3;

// Buttons of small kinds shown unfolded next to the folded ones.
const SMALL_KINDS_BUDGET = 6;

// Which folded groups the player opened, by path ("place/tile=14"): kept across redraws.
const openGroups = new Set();

function actionButton(entry, kind, ctx) {
  return h(
    "button",
    {
      type: "button",
      class: "legal-action",
      "data-code": entry.code,
      "data-kind": kind,
      disabled: ctx.enabled === false,
      onclick: () => ctx.send(entry),
    },
    actionLabel(entry),
  );
}

/** The words the labels of `entries` share at their start (a group's name), or "". */
function commonPrefix(entries) {
  const labels = entries.map(actionLabel);
  let prefix = labels[0] || "";
  for (const label of labels.slice(1)) {
    let i = 0;
    while (i < prefix.length && i < label.length && prefix[i] === label[i]) i++;
    prefix = prefix.slice(0, i);
  }
  // cut back to a word (or a CJK character) boundary, and drop trailing punctuation
  const cjk = /[\u3000-\u9fff]/.test(prefix);
  if (!cjk && prefix.length && !labels.every((l) => l.length === prefix.length || /[\s,;:(]/.test(l[prefix.length]))) {
    prefix = prefix.replace(/\S*$/, "");
  }
  return prefix.replace(/[\s,;:(（，、]+$/, "").trim();
}

/** Split entries by the first field of their actions that differs; null if none does. */
function splitByField(entries) {
  const fields = Object.keys(entries[0].json || {}).filter((k) => k !== "type");
  for (const field of fields) {
    const parts = new Map();
    for (const entry of entries) {
      const value = JSON.stringify((entry.json || {})[field]);
      if (!parts.has(value)) parts.set(value, []);
      parts.get(value).push(entry);
    }
    if (parts.size > 1 && parts.size < entries.length) return { field, parts };
  }
  return null;
}

/**
 * A folded group: a <details> whose summary names it (with how many choices),
 * holding buttons, or smaller folded groups when it holds more than `limit`.
 * Opening one closes its open siblings, so the panel never shows more than a
 * group's worth of buttons at once.
 */
function foldedGroup(title, entries, kind, ctx, path, depth, limit) {
  const details = h(
    "details",
    { class: "legal-fold", "data-kind": kind, "data-path": path, "data-testid": "legal-fold", open: openGroups.has(path) },
    h("summary", {}, title, " ", h("span", { class: "muted" }, entries.length === 1 ? t("legal.one") : t("legal.more", { n: entries.length }))),
  );
  const closeSiblings = () => {
    for (const sibling of details.parentElement?.children || []) {
      if (sibling !== details && sibling.tagName === "DETAILS" && sibling.open) sibling.open = false;
    }
  };
  // A click opens the group at once but "toggle" fires a task later: close the
  // siblings in the click itself, so the panel never holds two groups' buttons.
  details.firstElementChild.addEventListener("click", () => {
    if (!details.open) closeSiblings();
  });
  details.addEventListener("toggle", () => {
    if (details.open) {
      openGroups.add(path);
      closeSiblings();
    } else {
      openGroups.delete(path);
    }
  });
  details.append(foldedBody(entries, kind, ctx, path, depth, limit));
  return details;
}

function foldedBody(entries, kind, ctx, path, depth, limit) {
  if (entries.length <= limit) return h("div", { class: "legal-group-buttons" }, entries.map((e) => actionButton(e, kind, ctx)));
  const split = depth < 4 ? splitByField(entries) : null;
  const box = h("div", { class: "legal-folds" });
  if (split) {
    for (const [value, part] of split.parts) {
      // a shared start is an unfinished sentence ("place the photo at"): "…" says the
      // buttons inside finish it
      const prefix = part.length > 1 ? commonPrefix(part) : "";
      const gap = /[\u3000-\u9fff]$/.test(prefix) ? "" : " "; // no space after a CJK character
      const title = prefix ? `${prefix}${gap}…` : actionLabel(part[0]);
      box.append(foldedGroup(title, part, kind, ctx, `${path}/${split.field}=${value}`, depth + 1, limit));
    }
    return box;
  }
  // nothing to split by: runs of `limit`, named by their first and last choice
  for (let i = 0; i < entries.length; i += limit) {
    const part = entries.slice(i, i + limit);
    const title = `${actionLabel(part[0])} … ${actionLabel(part[part.length - 1])}`;
    box.append(foldedGroup(title, part, kind, ctx, `${path}/#${i}`, depth + 1, limit));
  }
  return box;
}

/**
 * Fill `container` with the actions in `legal` ({code, text, json} each),
 * grouped by action type. `ctx.send(entry)` submits one; `ctx.enabled`
 * false draws them disabled (e.g. while a move is in flight). Past
 * LIST_LIMIT actions the groups fold (by kind, then by the actions' fields).
 */
export function renderLegalList(container, legal, ctx) {
  container.replaceChildren();
  if (!legal.length) {
    container.append(h("p", { class: "muted", "data-testid": "no-actions" }, t("legal.none")));
    return;
  }
  const groups = new Map();
  for (const entry of legal) {
    const kind = (entry.json && entry.json.type) || "action";
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(entry);
  }
  if (legal.length > LIST_LIMIT) {
    // Small kinds (End turn, Pass...) stay as buttons; the big ones fold, and an
    // open fold shows at most what is left of the limit.
    const flat = [];
    let budget = SMALL_KINDS_BUDGET;
    for (const [kind, entries] of [...groups].sort((a, b) => a[1].length - b[1].length)) {
      if (entries.length > budget) break;
      flat.push(kind);
      budget -= entries.length;
    }
    const limit = LIST_LIMIT - (SMALL_KINDS_BUDGET - budget);
    const folded = [...groups.keys()].filter((k) => !flat.includes(k));
    // a lone big kind opens by itself: its sub-groups are the first choice
    if (folded.length === 1) openGroups.add(folded[0]);
    for (const kind of flat) {
      container.append(
        h("section", { class: "legal-group" }, h("h3", { class: "label-heading" }, groupTitle(kind, ctx)), h("div", { class: "legal-group-buttons" }, groups.get(kind).map((e) => actionButton(e, kind, ctx)))),
      );
    }
    const box = h("div", { class: "legal-folds" });
    for (const kind of folded) box.append(foldedGroup(groupTitle(kind, ctx), groups.get(kind), kind, ctx, kind, 0, limit));
    container.append(box);
    return;
  }
  for (const [kind, entries] of groups) {
    const list = h("div", { class: "legal-group-buttons" }, entries.map((entry) => actionButton(entry, kind, ctx)));
    container.append(
      h("section", { class: "legal-group" }, groups.size > 1 ? h("h3", { class: "label-heading" }, groupTitle(kind, ctx)) : null, list),
    );
  }
}

/**
 * Index the legal actions by a key the renderer chooses, e.g.
 * byKey(legal, (j) => j.type === "place" ? j.cell : null). Renderers use this
 * to decide what on the board is clickable: only what the server listed.
 */
export function byKey(legal, keyOf) {
  const out = new Map();
  for (const entry of legal) {
    const key = keyOf(entry.json || {});
    if (key === null || key === undefined) continue;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(entry);
  }
  return out;
}
