// ICE's pictures as small SVG shapes: artifacts, terrains, back hints, figures,
// camps and edifices. Shapes, not font glyphs, so every machine draws them the
// same and nothing depends on an emoji font. No strings here: callers add the
// words (titles, legends) from the game's tables.

import { s } from "../../dom.js";

export const ARTIFACT_COLOURS = {
  accomplishment: "#d4a106",
  exalted: "#d35400",
  harmony: "#16a085",
  philosophy: "#3d6b8f",
  obliteration: "#8e2222",
  prism: "#8e44ad",
};

function star(x, y, r, points = 5, inner = 0.45) {
  const out = [];
  for (let k = 0; k < points * 2; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / points;
    const rr = k % 2 ? r * inner : r;
    out.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(" ");
}

function hexPts(x, y, r) {
  return [0, 1, 2, 3, 4, 5]
    .map((k) => `${(x + r * Math.cos((k * Math.PI) / 3)).toFixed(1)},${(y + r * Math.sin((k * Math.PI) / 3)).toFixed(1)}`)
    .join(" ");
}

/** An artifact of type `kind` (a key of ARTIFACT_COLOURS): filled when active, outlined when not. */
export function artifactShape(kind, active, x, y, r) {
  const colour = ARTIFACT_COLOURS[kind] || "#777";
  const fill = active ? colour : "#fff";
  const attrs = { fill, stroke: colour, "stroke-width": Math.max(1, r * 0.22), class: `ice-art ice-art-${kind}${active ? " ice-active" : ""}` };
  const g = s("g", { "data-artifact": kind, "data-active": active ? "1" : "0" });
  if (kind === "accomplishment") g.append(s("polygon", { points: star(x, y, r), ...attrs }));
  else if (kind === "exalted") g.append(s("polygon", { points: `${x},${y - r} ${x + r * 0.95},${y + r * 0.75} ${x - r * 0.95},${y + r * 0.75}`, ...attrs }));
  else if (kind === "harmony") {
    g.append(s("circle", { cx: x, cy: y, r: r * 0.9, ...attrs }));
    g.append(s("circle", { cx: x, cy: y, r: r * 0.35, fill: active ? "#fff" : colour, stroke: "none" }));
  } else if (kind === "philosophy") g.append(s("polygon", { points: `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`, ...attrs }));
  else if (kind === "obliteration") {
    const w = r * 0.8;
    g.append(s("circle", { cx: x, cy: y, r: r * 0.95, fill: active ? colour : "#fff", stroke: colour, "stroke-width": attrs["stroke-width"] }));
    g.append(s("path", { d: `M${x - w / 1.6},${y - w / 1.6} L${x + w / 1.6},${y + w / 1.6} M${x + w / 1.6},${y - w / 1.6} L${x - w / 1.6},${y + w / 1.6}`, stroke: active ? "#fff" : colour, "stroke-width": attrs["stroke-width"] * 1.2, "stroke-linecap": "round" }));
  } else if (kind === "prism") {
    g.append(s("polygon", { points: hexPts(x, y, r), ...attrs }));
    if (active) {
      for (const [k, c] of [[0, "#f1c40f"], [2, "#1abc9c"], [4, "#e67e22"]]) {
        const a1 = (k * Math.PI) / 3;
        const a2 = ((k + 1) * Math.PI) / 3;
        g.append(s("polygon", { points: `${x},${y} ${x + r * Math.cos(a1)},${y + r * Math.sin(a1)} ${x + r * Math.cos(a2)},${y + r * Math.sin(a2)}`, fill: c, stroke: "none" }));
      }
    }
  } else g.append(s("circle", { cx: x, cy: y, r: r * 0.8, fill: "none", stroke: "#999", "stroke-dasharray": "2 2" }));
  return g;
}

/** A small standalone SVG of an artifact, for the HTML panels. */
export function artifactBadge(kind, active, size = 18) {
  const svg = s("svg", { viewBox: "0 0 20 20", width: size, height: size, class: "ice-badge", "aria-hidden": "true" });
  svg.append(artifactShape(kind, active, 10, 10.5, 7.5));
  return svg;
}

/** The mark of an ice terrain, drawn on the tile (snow has none: plain ice). */
export function terrainShape(terrain, x, y, r) {
  const g = s("g", { class: `ice-terrain ice-t-${terrain}`, "data-terrain": terrain });
  if (terrain === "camp") {
    g.append(s("line", { x1: x - r * 0.3, y1: y + r * 0.7, x2: x - r * 0.3, y2: y - r * 0.8, stroke: "#6b4423", "stroke-width": r * 0.14 }));
    g.append(s("polygon", { points: `${x - r * 0.3},${y - r * 0.8} ${x + r * 0.6},${y - r * 0.5} ${x - r * 0.3},${y - r * 0.2}`, fill: "#d35400" }));
  } else if (terrain === "fault") {
    g.append(s("polyline", { points: `${x - r},${y - r * 0.3} ${x - r * 0.35},${y + r * 0.25} ${x + r * 0.1},${y - r * 0.35} ${x + r * 0.55},${y + r * 0.3} ${x + r},${y - r * 0.1}`, fill: "none", stroke: "#23313f", "stroke-width": r * 0.22, "stroke-linejoin": "round" }));
  } else if (terrain === "nunatak") {
    g.append(s("polygon", { points: `${x - r},${y + r * 0.6} ${x - r * 0.1},${y - r * 0.8} ${x + r},${y + r * 0.6}`, fill: "#7f8c8d" }));
    g.append(s("polygon", { points: `${x - r * 0.38},${y - r * 0.22} ${x - r * 0.1},${y - r * 0.8} ${x + r * 0.2},${y - r * 0.3}`, fill: "#fff" }));
  } else if (terrain === "tunnel") {
    g.append(s("path", { d: `M${x - r * 0.8},${y + r * 0.5} L${x - r * 0.8},${y} A${r * 0.8},${r * 0.8} 0 0 1 ${x + r * 0.8},${y} L${x + r * 0.8},${y + r * 0.5} Z`, fill: "#2d3436" }));
  }
  return g;
}

/** The hint on an artifact tile's back: glint, frost or shadow. */
export function hintShape(hint, x, y, r) {
  const g = s("g", { class: `ice-hint ice-h-${hint}`, "data-hint": hint });
  if (hint === "glint") {
    g.append(s("polygon", { points: star(x, y, r, 4, 0.3), fill: "#f7d154", stroke: "#a67c00", "stroke-width": r * 0.1 }));
  } else if (hint === "frost") {
    const d = [0, 1, 2]
      .map((k) => {
        const a = (k * Math.PI) / 3;
        return `M${x - r * Math.cos(a)},${y - r * Math.sin(a)} L${x + r * Math.cos(a)},${y + r * Math.sin(a)}`;
      })
      .join(" ");
    g.append(s("path", { d, stroke: "#eaf6ff", "stroke-width": r * 0.22, "stroke-linecap": "round" }));
    g.append(s("circle", { cx: x, cy: y, r: r * 0.22, fill: "#eaf6ff" }));
  } else if (hint === "shadow") {
    g.append(s("circle", { cx: x, cy: y, r, fill: "#1d2733" }));
    g.append(s("circle", { cx: x + r * 0.4, cy: y - r * 0.3, r: r * 0.8, fill: "#6d8296" }));
  }
  return g;
}

/** A face-down edifice one can see: its back, a faint temple outline under a question mark
 * (which edifice it is shows only once nothing lies on it). */
export function edificeBack(x, y, r) {
  const g = s("g", { class: "ice-edifice-back" });
  g.append(s("polygon", {
    points: `${x - r},${y - r * 0.35} ${x},${y - r} ${x + r},${y - r * 0.35} ${x + r},${y + r * 0.85} ${x - r},${y + r * 0.85}`,
    fill: "none", stroke: "#7a5c12", "stroke-width": r * 0.1, "stroke-dasharray": `${r * 0.25} ${r * 0.15}`,
  }));
  // 8 units at least: in a tile's third (r 5.1) it was 9.8 px on a phone's 1.6 px a unit
  g.append(s("text", { x, y: y + r * 0.55, class: "ice-edifice-back-mark", "font-size": Math.max(r * 1.2, 8) }, "?"));
  return g;
}

/** An edifice: a small temple front. */
export function edificeShape(x, y, r) {
  const g = s("g", { class: "ice-edifice-mark" });
  g.append(s("polygon", { points: `${x - r},${y - r * 0.35} ${x},${y - r} ${x + r},${y - r * 0.35}`, fill: "#7a5c12" }));
  for (const dx of [-0.7, 0, 0.7]) {
    g.append(s("rect", { x: x + dx * r - r * 0.12, y: y - r * 0.3, width: r * 0.24, height: r * 0.95, fill: "#7a5c12" }));
  }
  g.append(s("rect", { x: x - r, y: y + r * 0.65, width: 2 * r, height: r * 0.2, fill: "#7a5c12" }));
  return g;
}

/** A leader: a pawn in its seat's colour. */
export function pawn(x, y, r, colour, attrs = {}) {
  const g = s("g", { class: "ice-pawn", ...attrs });
  g.append(s("path", { d: `M${x - r * 0.75},${y + r} L${x - r * 0.35},${y - r * 0.1} L${x + r * 0.35},${y - r * 0.1} L${x + r * 0.75},${y + r} Z`, fill: colour, stroke: "#111", "stroke-width": r * 0.14 }));
  g.append(s("circle", { cx: x, cy: y - r * 0.45, r: r * 0.45, fill: colour, stroke: "#111", "stroke-width": r * 0.14 }));
  return g;
}

/** Archaeologists: a pale figure with their number. */
export function archaeologists(x, y, r, n) {
  const g = s("g", { class: "ice-arch", "data-archaeologists": n });
  g.append(s("circle", { cx: x, cy: y, r, fill: "#f5e6c8", stroke: "#6b4423", "stroke-width": r * 0.15 }));
  // the number's size is ice.css's (8 units, whatever r): readable on a phone's board too
  g.append(s("text", { x, y: y + 2.9, class: "ice-arch-n" }, String(n)));
  return g;
}

/** A camp: a tent. */
export function tent(x, y, r) {
  const g = s("g", { class: "ice-camp-mark" });
  g.append(s("polygon", { points: `${x - r},${y + r * 0.7} ${x},${y - r * 0.8} ${x + r},${y + r * 0.7}`, fill: "#b5651d", stroke: "#5a3210", "stroke-width": r * 0.14 }));
  g.append(s("polygon", { points: `${x - r * 0.25},${y + r * 0.7} ${x},${y} ${x + r * 0.25},${y + r * 0.7}`, fill: "#3b2208" }));
  return g;
}

/** A face-down ice tile in a hand (for counts). */
export function iceBack(size = 18) {
  const svg = s("svg", { viewBox: "0 0 20 20", width: size, height: size, class: "ice-badge", "aria-hidden": "true" });
  svg.append(s("polygon", { points: hexPts(10, 10, 8.5), fill: "#cfe6f5", stroke: "#5b8db3", "stroke-width": 1.5 }));
  return svg;
}

/** A face-up ice tile of `terrain` in one's own hand. */
export function iceFace(terrain, size = 20) {
  const svg = s("svg", { viewBox: "0 0 20 20", width: size, height: size, class: "ice-badge", "aria-hidden": "true" });
  svg.append(s("polygon", { points: hexPts(10, 10, 9), fill: "#eef8fd", stroke: "#5b8db3", "stroke-width": 1.2 }));
  svg.append(terrainShape(terrain, 10, 10, 5.5));
  return svg;
}
