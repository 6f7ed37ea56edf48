// The rules page (/rules/<slug>): a game's rules in the page's language, from
// static/rules/<slug>.json (written from docs/games/<slug>.md by
// `python -m meeple.web.rules`). The Markdown is turned into elements here,
// never parsed as HTML, so nothing in a doc can run as markup.

import { boot, onLangChange, pathId, showError } from "./common.js";
import { h } from "./dom.js";
import { gameTitle, getLang, t } from "./i18n.js";

const slug = pathId();
let rules = null;

/** Inline Markdown: `code`, **bold**, *italic*, [text](link); the rest is text. */
export function inline(text) {
  const out = [];
  const re = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|(\[[^\]]+\]\([^)\s]+\))/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const token = m[0];
    if (m[1]) out.push(h("code", {}, token.slice(1, -1)));
    else if (m[2]) out.push(h("strong", {}, inline(token.slice(2, -2))));
    else if (m[3]) out.push(h("em", {}, inline(token.slice(1, -1))));
    else {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token);
      // links inside the docs point at other docs: keep the words, link only real web pages
      out.push(/^https?:\/\//.test(href) ? h("a", { href, rel: "noopener" }, label) : label);
    }
    at = m.index + token.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

const WIDE = /[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/;

/** Join a paragraph's lines: a space between words, none where Chinese meets Chinese. */
function joinLines(lines) {
  return lines.reduce((text, line) => {
    if (!text) return line;
    return WIDE.test(text[text.length - 1]) || WIDE.test(line[0]) ? text + line : `${text} ${line}`;
  }, "");
}

function tableRows(lines) {
  const cells = (line) => line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
  const head = cells(lines[0]);
  const body = lines.slice(2).map(cells);
  return h(
    "table",
    {},
    h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, inline(c))))),
    h("tbody", {}, body.map((row) => h("tr", {}, row.map((c) => h("td", {}, inline(c)))))),
  );
}

const ITEM = /^(\s*)([-*]|\d+\.)\s+(.*)$/;

const indentOf = (line) => /^\s*/.exec(line)[0].length;

/** Append a continuation line to `box`: a space between words, none where Chinese meets Chinese. */
function continueText(box, line) {
  const prev = box.textContent;
  box.append(WIDE.test(prev[prev.length - 1] || "") || WIDE.test(line[0]) ? "" : " ", ...inline(line));
}

/**
 * A list starting at lines[i], nested to any depth by indentation; returns [element, next index].
 *
 * An item's children are the items indented to its text or deeper. A wrapped line joins the
 * paragraph being written, the deepest open item's (as CommonMark's "lazy" lines do), so the
 * lines of a sub-item never run into its parent's text; after a blank line, indented text is a
 * new paragraph of the item whose text it lines up under. A blank line ends the list unless an
 * item or indented text follows; an unindented line that is not an item ends it too.
 */
function listBlock(lines, i) {
  const open = []; // the items whose lists are still open, outermost first
  let root = null;
  let target = null; // the element a wrapped line joins
  let afterBlank = false;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      afterBlank = true;
      i++;
      continue;
    }
    const indent = indentOf(line);
    const m = ITEM.exec(line);
    if (m) {
      const ordered = /\d/.test(m[2]);
      while (open.length > 1 && indent < open[open.length - 1].indent) open.pop();
      const top = open[open.length - 1];
      let list;
      if (!top) {
        root = h(ordered ? "ol" : "ul", {});
        list = root;
      } else if (indent < top.content) {
        if (open.length === 1 && (indent < top.indent || top.ordered !== ordered)) break;
        list = top.list;
        open.pop();
      } else {
        list = h(ordered ? "ol" : "ul", {});
        top.li.append(list);
      }
      if (ordered && !list.children.length && parseInt(m[2], 10) !== 1) list.start = parseInt(m[2], 10);
      const li = h("li", {}, inline(m[3]));
      list.append(li);
      open.push({ list, li, ordered, indent, content: line.length - m[3].length });
      target = li;
    } else if (indent === 0) {
      break;
    } else if (afterBlank) {
      while (open.length > 1 && indent < open[open.length - 1].content) open.pop();
      target = h("p", {}, inline(line.trim()));
      open[open.length - 1].li.append(target);
    } else {
      continueText(target, line.trim());
    }
    afterBlank = false;
    i++;
  }
  return [root, i];
}

/** A paragraph led by a bold phrase that ends a sentence ("**Setup.** One worker..."):
 *  the docs' way to start a section, so the page makes the phrase a heading. */
const BOLD_LEAD = /^\*\*([^*]+?)[.。:：]\*\*\s*/;

/**
 * Block Markdown: headings, paragraphs, lists (nested by indentation), tables, code blocks.
 *
 * The page's own title is its h1, so the doc's headings are moved under it: the doc's
 * shallowest level becomes h2 and the rest follow in step (a doc's `###` sections were
 * h3 straight after the h1). A section's bold lead becomes a heading one level below the
 * last heading, so a screen reader can move by sections (they were bold paragraphs).
 */
export function markdown(text) {
  const lines = text.split("\n");
  const out = [];
  const levels = [...text.matchAll(/^(#{2,6})\s/gm)].map((m) => m[1].length);
  const shift = 2 - (levels.length ? Math.min(...levels) : 2);
  let current = 1; // the level of the last heading drawn (the page's h1 to start)
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{2,6})\s+(.*)$/.exec(line);
    if (heading) {
      current = Math.min(heading[1].length + shift, 6);
      out.push(h(`h${current}`, {}, inline(heading[2])));
      i++;
      continue;
    }
    const lead = BOLD_LEAD.exec(line);
    if (lead) {
      out.push(h(`h${Math.min(current + 1, 6)}`, { class: "rules-lead" }, inline(lead[1])));
      lines[i] = line.slice(lead[0].length);
      if (!lines[i].trim()) i++;
      continue;
    }
    if (line.startsWith("```")) {
      const code = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) code.push(lines[i++]);
      i++;
      out.push(h("pre", {}, h("code", {}, code.join("\n"))));
      continue;
    }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      out.push(tableRows(rows));
      continue;
    }
    if (ITEM.test(line)) {
      const [list, next] = listBlock(lines, i);
      out.push(list);
      i = next;
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#{2,6}\s|```|\s*([-*]|\d+\.)\s|\s*\|)/.test(lines[i])) para.push(lines[i++].trim());
    if (!para.length) para.push(lines[i++].trim());
    out.push(h("p", {}, inline(joinLines(para))));
  }
  return out;
}

function draw() {
  const box = document.getElementById("rules");
  if (!rules) return;
  const lang = getLang();
  const title = `${gameTitle(rules)} · ${t("match.rules")}`;
  document.title = `${title} · meeple`;
  box.replaceChildren(
    h("h1", { class: "page-title" }, title),
    h("p", {}, h("a", { href: `/?game=${encodeURIComponent(slug)}`, "data-testid": "rules-play" }, t("rules.play"))),
    ...markdown(rules[lang] || rules.en || ""),
  );
  box.dataset.lang = lang;
}

async function main() {
  await boot();
  try {
    const res = await fetch(`/static/rules/${encodeURIComponent(slug)}.json`);
    if (!res.ok) throw new Error(String(res.status));
    rules = await res.json();
  } catch (_) {
    showError(t("rules.missing"));
    document.body.dataset.ready = "1";
    return;
  }
  onLangChange(draw);
  draw();
  document.body.dataset.ready = "1";
}

main();
