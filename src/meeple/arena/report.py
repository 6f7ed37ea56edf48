"""Arena reports: a JSON file and a self-contained HTML page with inline SVG plots.

No third-party JavaScript or CSS: the plots are SVG written here (ratings
with error bars, the win-rate matrix, seat win rates, the length histogram).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

WIDTH = 640


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def ratings_svg(rows: list[dict[str, Any]]) -> str:
    """Horizontal dots with 95% error bars, one row per bot."""
    if not rows:
        return ""
    label_w, row_h, pad = 200, 28, 30
    lo = min(r["low"] for r in rows)
    hi = max(r["high"] for r in rows)
    span = (hi - lo) or 1.0
    plot_w = WIDTH - label_w - 20

    def x(v: float) -> float:
        return label_w + (v - lo) / span * plot_w

    height = pad + row_h * len(rows) + 20
    parts = [
        f'<svg class="plot" width="{WIDTH}" height="{height}" role="img" '
        'aria-label="ratings with 95% intervals">'
    ]
    for i, r in enumerate(rows):
        y = pad + row_h * i + row_h / 2
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 4}" text-anchor="end">{_esc(r["bot"])}</text>'
        )
        parts.append(
            f'<line x1="{x(r["low"]):.1f}" x2="{x(r["high"]):.1f}" y1="{y}" y2="{y}" '
            'stroke="#555" stroke-width="2"/>'
        )
        for end in (r["low"], r["high"]):
            parts.append(
                f'<line x1="{x(end):.1f}" x2="{x(end):.1f}" y1="{y - 6}" y2="{y + 6}" '
                'stroke="#555" stroke-width="2"/>'
            )
        parts.append(
            f'<circle cx="{x(r["mu"]):.1f}" cy="{y}" r="5" fill="#1f6fb2"><title>'
            f"{_esc(r['bot'])}: mu {r['mu']:.2f} ± {1.96 * r['sigma']:.2f}</title></circle>"
        )
    for v in (lo, (lo + hi) / 2, hi):
        parts.append(
            f'<text x="{x(v):.1f}" y="{pad - 10}" text-anchor="middle" class="axis">{v:.1f}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _heat(rate: float) -> str:
    """Red (0) through white (0.5) to blue (1)."""
    if rate >= 0.5:
        t = (rate - 0.5) * 2
        r, g, b = int(255 - 200 * t), int(255 - 140 * t), 255
    else:
        t = (0.5 - rate) * 2
        r, g, b = 255, int(255 - 160 * t), int(255 - 160 * t)
    return f"rgb({r},{g},{b})"


def matrix_svg(bots: list[str], matrix: list[list[Any]]) -> str:
    """Row bot's rate of finishing ahead of the column bot."""
    n = len(bots)
    label_w, cell = 200, max(48, min(90, (WIDTH - 200) // max(n, 1)))
    top = 90
    width = label_w + cell * n + 10
    height = top + cell * n + 10
    parts = [
        f'<svg class="plot" width="{width}" height="{height}" role="img" '
        'aria-label="win-rate matrix">'
    ]
    for j, b in enumerate(bots):
        cx = label_w + cell * j + cell / 2
        parts.append(
            f'<text transform="translate({cx:.1f},{top - 8}) rotate(-35)">{_esc(b)}</text>'
        )
    for i, a in enumerate(bots):
        y = top + cell * i
        parts.append(
            f'<text x="{label_w - 8}" y="{y + cell / 2 + 4}" text-anchor="end">{_esc(a)}</text>'
        )
        for j in range(n):
            x = label_w + cell * j
            entry = matrix[i][j]
            if entry is None:
                parts.append(
                    f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#eee" stroke="#fff"/>'
                )
                continue
            rate = entry["rate"]
            tip = (
                f"{_esc(a)} ahead of {_esc(bots[j])}: {_pct(rate)} "
                f"[{_pct(entry['low'])}, {_pct(entry['high'])}] over {entry['n']}"
            )
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                f'fill="{_heat(rate)}" stroke="#fff"><title>{tip}</title></rect>'
            )
            parts.append(
                f'<text x="{x + cell / 2}" y="{y + cell / 2 + 4}" text-anchor="middle">'
                f"{100 * rate:.0f}%</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def seats_svg(seats: list[dict[str, Any]]) -> str:
    """Win share per seat with 95% intervals and the fair-share line."""
    if not seats:
        return ""
    label_w, row_h, pad = 90, 26, 24
    plot_w = WIDTH - label_w - 20
    height = pad + row_h * len(seats) + 24
    parts = [
        f'<svg class="plot" width="{WIDTH}" height="{height}" role="img" '
        'aria-label="win rate by seat">'
    ]
    fair_x = label_w + seats[0]["fair"] * plot_w
    for i, s in enumerate(seats):
        y = pad + row_h * i
        w = s["wins"]
        rate = w["rate"] or 0.0
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 16}" text-anchor="end">seat {s["seat"]}</text>'
        )
        parts.append(
            f'<rect x="{label_w}" y="{y + 4}" width="{rate * plot_w:.1f}" height="{row_h - 8}" '
            f'fill="#8fb8de"><title>{_pct(rate)} [{_pct(w["low"])}, {_pct(w["high"])}]</title></rect>'
        )
        parts.append(
            f'<line x1="{label_w + w["low"] * plot_w:.1f}" x2="{label_w + w["high"] * plot_w:.1f}" '
            f'y1="{y + row_h / 2}" y2="{y + row_h / 2}" stroke="#333" stroke-width="2"/>'
        )
    parts.append(
        f'<line x1="{fair_x:.1f}" x2="{fair_x:.1f}" y1="{pad - 4}" y2="{height - 20}" '
        'stroke="#c33" stroke-dasharray="4 3"/>'
    )
    parts.append(
        f'<text x="{fair_x:.1f}" y="{height - 6}" text-anchor="middle" class="axis">fair 1/N</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def histogram_svg(dist: dict[str, Any], label: str) -> str:
    counts = dist.get("hist_counts") or []
    if not counts:
        return ""
    height, pad = 180, 30
    bar_w = (WIDTH - 60) / len(counts)
    top = max(counts)
    parts = [
        f'<svg class="plot" width="{WIDTH}" height="{height + pad}" role="img" '
        f'aria-label="{_esc(label)} histogram">'
    ]
    for i, c in enumerate(counts):
        h = (height - 20) * c / top if top else 0
        x = 40 + i * bar_w
        edge = dist["hist_edges"][i]
        parts.append(
            f'<rect x="{x:.1f}" y="{height - h:.1f}" width="{bar_w - 2:.1f}" height="{h:.1f}" '
            f'fill="#9c7fc4"><title>{edge:g} to {edge + dist["hist_width"] - 1:g}: {c}</title></rect>'
        )
        parts.append(
            f'<text x="{x + bar_w / 2:.1f}" y="{height + 16}" text-anchor="middle" '
            f'class="axis">{edge:g}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 960px; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 4px 10px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
svg.plot text { font-size: 13px; } svg.plot text.axis { font-size: 11px; fill: #666; }
"""


def render_html(report: dict[str, Any]) -> str:
    """The whole report as one HTML page."""
    s = report["summary"]
    h = report["tournament"]
    bots = h["bots"]
    title = f"Arena: {h['game']} ({h['players']} players)"
    rows_r = "".join(
        f"<tr><td>{_esc(r['bot'])}</td><td>{r['mu']:.2f}</td><td>{r['sigma']:.2f}</td>"
        f"<td>[{r['low']:.2f}, {r['high']:.2f}]</td><td>{r['ordinal']:.2f}</td></tr>"
        for r in s["ratings"]
    )
    rows_b = "".join(
        f"<tr><td>{_esc(b['bot'])}</td><td>{b['seats']}</td><td>{_pct(b['wins']['rate'])}</td>"
        f"<td>[{_pct(b['wins']['low'])}, {_pct(b['wins']['high'])}]</td>"
        f"<td>{'-' if b['mean_return'] is None else format(b['mean_return'], '.3f')}</td></tr>"
        for b in s["bots"]
    )
    rows_s = "".join(
        f"<tr><td>seat {x['seat']}</td><td>{_pct(x['wins']['rate'])}</td>"
        f"<td>[{_pct(x['wins']['low'])}, {_pct(x['wins']['high'])}]</td><td>{_pct(x['fair'])}</td>"
        f"<td>{x['mean_score']:.2f}</td></tr>"
        for x in s["seats"]
    )
    rows_o = "".join(
        f"<tr><td>{x['position']}</td><td>{_pct(x['wins']['rate'])}</td>"
        f"<td>[{_pct(x['wins']['low'])}, {_pct(x['wins']['high'])}]</td><td>{x['wins']['n']}</td></tr>"
        for x in s.get("turn_order", [])
    )
    ratings_block = (
        f"""{ratings_svg(s["ratings"])}
<table><tr><th>bot</th><th>mu</th><th>sigma</th><th>95% interval</th><th>ordinal (mu-3σ)</th></tr>{rows_r}</table>"""
        if s["ratings"]
        else "<p>No ratings: every game had one seat, and a solo game ranks no bot against another.</p>"
    )
    ld = s["length_decisions"]
    length_line = (
        f"{ld['n']} games: mean {ld['mean']:.1f} decisions (95% CI {ld['mean_low']:.1f} to "
        f"{ld['mean_high']:.1f}), sd {ld['sd']:.1f}, min {ld['min']}, median {ld['median']}, "
        f"10th-90th percentile {ld['p10']} to {ld['p90']}, max {ld['max']}"
        if ld.get("n")
        else "no games"
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{_esc(title)}</title>
<style>{STYLE}</style></head><body>
<h1>{_esc(title)}</h1>
<p>{s["games"]} games; options {_esc(json.dumps(h["options"]))}; seed {h["seed"]};
bots: {", ".join(_esc(b) for b in bots)}. Draws (shared first place): {_pct(s["draws"]["rate"])}.</p>
<h2>Ratings (openskill Plackett-Luce, mu ± 1.96 sigma)</h2>
{ratings_block}
<h2>Win rates</h2>
<table><tr><th>bot</th><th>seats played</th><th>win share</th><th>95% interval</th><th>mean return</th></tr>{rows_b}</table>
<h3>Head to head: how often the row bot finishes ahead of the column bot (a tie counts 1/2)</h3>
{matrix_svg(bots, s["win_matrix"])}
<h2>Seat advantage</h2>
{seats_svg(s["seats"])}
<table><tr><th>seat</th><th>win share</th><th>95% interval</th><th>fair share</th><th>mean score</th></tr>{rows_s}</table>
<h3>By turn order (1 = the seat that acted first)</h3>
<table><tr><th>position</th><th>win share</th><th>95% interval</th><th>games</th></tr>{rows_o}</table>
<h2>Game length</h2>
<p>{length_line}.</p>
{histogram_svg(ld, "decisions per game")}
</body></html>
"""


def write_reports(out: Path, report: dict[str, Any]) -> tuple[Path, Path]:
    out.mkdir(parents=True, exist_ok=True)
    json_path = out / "report.json"
    html_path = out / "report.html"
    json_path.write_text(json.dumps(report, indent=1))
    html_path.write_text(render_html(report))
    return json_path, html_path
