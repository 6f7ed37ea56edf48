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

/**
 * Fill `container` with the actions in `legal` ({code, text, json} each),
 * grouped by action type. `ctx.send(entry)` submits one; `ctx.enabled`
 * false draws them disabled (e.g. while a move is in flight).
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
  for (const [kind, entries] of groups) {
    const list = h("div", { class: "legal-group-buttons" });
    for (const entry of entries) {
      list.append(
        h(
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
        ),
      );
    }
    container.append(
      h("section", { class: "legal-group" }, groups.size > 1 ? h("h4", {}, groupTitle(kind, ctx)) : null, list),
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
