// Score tables that fit a phone: one row a seat on a wide screen; below 560 px each row
// stands as a small card, its cells labelled with their column's name (docs/web-client.md).

import { h } from "./dom.js";

/**
 * A table of seats (rows) by score parts (columns).
 *
 * `headers`: the column names (the first names the seat column, and may be ""); `rows`:
 * one array of cells a seat (strings or nodes; the first names the seat). Each cell
 * carries its column's name (`data-label`), which the phone layout shows before it, so
 * no row is wider than the screen (a 9-column table once made the page 675 px wide).
 */
export function scoreTable(attrs, headers, rows) {
  const cls = ["score-table", attrs.class].filter(Boolean).join(" ");
  return h(
    "table",
    { ...attrs, class: cls },
    h("thead", {}, h("tr", {}, headers.map((name) => h("th", { scope: "col" }, name)))),
    h(
      "tbody",
      {},
      rows.map((cells) =>
        h(
          "tr",
          {},
          cells.map((cell, i) =>
            i === 0 ? h("th", { scope: "row" }, cell) : h("td", { "data-label": headers[i] }, cell),
          ),
        ),
      ),
    ),
  );
}
