// The rules page (/rules/<slug>): a game's rules in the page's language, from
// static/rules/<slug>.json (written from docs/games/<slug>.md by
// `python -m meeple.web.rules`). The Markdown is turned into elements here,
// never parsed as HTML, so nothing in a doc can run as markup.

import { boot, onLangChange, pathId, showError } from "./common.js";
import { h } from "./dom.js";
import { getLang, t } from "./i18n.js";

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

/** Block Markdown: headings, paragraphs, lists (one level of nesting), tables, code blocks. */
export function markdown(text) {
  const lines = text.split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{2,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push(h(`h${Math.min(heading[1].length, 4)}`, {}, inline(heading[2])));
      i++;
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
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]);
      const list = h(ordered ? "ol" : "ul", {});
      let current = null;
      while (i < lines.length) {
        const m = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(lines[i]);
        if (m && m[1].length < 2) {
          current = h("li", {}, inline(m[3]));
          list.append(current);
        } else if (m && current) {
          let sub = current.querySelector(":scope > ul, :scope > ol");
          if (!sub) {
            sub = h(/\d/.test(m[2]) ? "ol" : "ul", {});
            current.append(sub);
          }
          sub.append(h("li", {}, inline(m[3])));
        } else if (lines[i].trim() && /^\s+/.test(lines[i]) && current) {
          const more = lines[i].trim();
          const prev = current.textContent;
          current.append(WIDE.test(prev[prev.length - 1] || "") || WIDE.test(more[0]) ? "" : " ", ...inline(more));
        } else {
          break;
        }
        i++;
      }
      out.push(list);
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
  const title = `${rules.title} · ${t("match.rules")}`;
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
