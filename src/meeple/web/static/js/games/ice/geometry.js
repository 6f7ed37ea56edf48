// ICE's layered board seen from above: where each tile is drawn and which part
// of it shows. Pure functions of the component table (ice.components.json) and
// the view; no strings, no DOM.
//
// Every position sits on a fine triangular lattice (components.py): a tile is a
// flat-topped hexagon of circumradius 1 whose six corners are lattice points.
// A tile below the ice is centred on a corner shared by its three covers, and
// its hexagon is exactly the union of three rhombi, one under each cover. So
// once a cover is gone, the rhombus under it is the part of the tile one sees.

/** Unit vectors to a hexagon's corners, corner k at k * 60 degrees (y down). */
const CORNERS = [0, 1, 2, 3, 4, 5].map((k) => [Math.cos((k * Math.PI) / 3), Math.sin((k * Math.PI) / 3)]);

/** Which corner (0-5) of the tile at `p` the point `q` lies on (q a lattice neighbour). */
function cornerOf(p, q) {
  const a = Math.atan2(q.y - p.y, q.x - p.x);
  return (((Math.round(a / (Math.PI / 3)) % 6) + 6) % 6);
}

/**
 * The drawing geometry: `scale` user units per lattice unit. Returns
 * {pos, xy(p), corner(p, k), width, height, coverCorner[p][i]}.
 */
export function buildGeometry(components, scale, pad) {
  const pos = components.positions;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of pos) {
    minX = Math.min(minX, p.x - 1);
    maxX = Math.max(maxX, p.x + 1);
    minY = Math.min(minY, p.y - 0.87);
    maxY = Math.max(maxY, p.y + 0.87);
  }
  const xy = (i) => [pad + (pos[i].x - minX) * scale, pad + (pos[i].y - minY) * scale];
  const corner = (i, k) => {
    const [x, y] = xy(i);
    const [cx, cy] = CORNERS[((k % 6) + 6) % 6];
    return [x + cx * scale, y + cy * scale];
  };
  const coverCorner = pos.map((p) => p.covers.map((c) => cornerOf(p, pos[c])));
  return {
    pos,
    xy,
    corner,
    coverCorner,
    width: (maxX - minX) * scale + 2 * pad,
    height: (maxY - minY) * scale + 2 * pad,
  };
}

/** The points of tile `i`'s whole hexagon. */
export function hexagon(G, i) {
  return [0, 1, 2, 3, 4, 5].map((k) => G.corner(i, k));
}

/**
 * The part of tile `i` one sees from above, as {points, anchor}: the whole
 * hexagon for an ice tile or a tile with no cover left, else the rhombi under
 * its missing covers. `tiles` is the view's list (null where a tile is gone);
 * `whole` draws the full hexagon (the one-layer views).
 */
export function region(G, i, tiles, whole) {
  const covers = G.pos[i].covers;
  const gone = [];
  covers.forEach((c, n) => {
    if (tiles[c] === null) gone.push(G.coverCorner[i][n]);
  });
  if (whole || !covers.length || gone.length === covers.length || !gone.length) {
    return { points: hexagon(G, i), anchor: G.xy(i), part: 1 };
  }
  const [x, y] = G.xy(i);
  if (gone.length === 1) {
    const k = gone[0];
    const [cx, cy] = G.corner(i, k);
    return {
      points: [[x, y], G.corner(i, k - 1), [cx, cy], G.corner(i, k + 1)],
      anchor: [(x + cx) / 2, (y + cy) / 2],
      part: 1 / 3,
    };
  }
  // two covers gone: they sit two corners apart; start from the one the other follows
  const [a, b] = gone;
  const k = (a + 2) % 6 === b ? a : b;
  const [ax, ay] = G.corner(i, k);
  const [bx, by] = G.corner(i, k + 2);
  return {
    points: [[x, y], G.corner(i, k - 1), [ax, ay], G.corner(i, k + 1), [bx, by], G.corner(i, k + 3)],
    anchor: [x + ((ax + bx) / 2 - x) * 0.55, y + ((ay + by) / 2 - y) * 0.55],
    part: 2 / 3,
  };
}

/** An SVG `points` attribute from a list of [x, y]. */
export function pointsAttr(points) {
  return points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}
