// Tiny DOM helpers: build elements from data instead of HTML strings, so no
// server text is ever parsed as markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** h("button", {class: "x", onclick: f}, "label") -> HTMLElement */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** s("circle", {cx: 1, cy: 2, r: 3}) -> SVGElement */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/** Make an SVG element act like a button: focusable, Enter/Space activate. */
export function clickable(el, label, onActivate) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.classList.add("hot");
  el.append(s("title", {}, label));
  el.addEventListener("click", (ev) => {
    ev.preventDefault();
    onActivate();
  });
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      onActivate();
    }
  });
  return el;
}
