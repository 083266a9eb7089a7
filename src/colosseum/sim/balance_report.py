"""The balance report's files: report.json (the numbers) and report.html (plots a designer reads).

The plots are drawn by matplotlib (the `balance` extra) with its Agg backend, no display needed,
and embedded in the page as PNG data URIs, so report.html is one file to open or commit.
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; color: #222; }
h1, h2 { color: #6d3b1f; } table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
td, th { padding: 0.15rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; }
td:first-child, th:first-child { text-align: left; } img { max-width: 100%; }
.note { color: #555; }
"""


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def _rates_plot(title: str, rates: dict[str, dict[str, Any]], even: float) -> str:
    """Win share of each name with its 95% interval, sorted, against the even share."""
    from matplotlib.figure import Figure

    names = sorted(rates, key=lambda name: rates[name]["win_share"] or 0.0)
    shares = [rates[name]["win_share"] or 0.0 for name in names]
    lows = [share - rates[name]["interval"][0] for name, share in zip(names, shares, strict=True)]
    highs = [rates[name]["interval"][1] - share for name, share in zip(names, shares, strict=True)]
    figure = Figure(figsize=(7.5, 0.6 + 0.28 * len(names)))
    axes = figure.subplots()
    places = list(range(len(names)))
    axes.errorbar(shares, places, xerr=[lows, highs], fmt="o", color="#8c4a24", capsize=3)
    axes.axvline(even, color="#777", linestyle="--", linewidth=1, label=f"even share {even:.2f}")
    axes.set_yticks(places, [f"{name} ({rates[name]['games']:,})" for name in names])
    axes.set_xlabel("share of the seat-games won (95% Wilson interval)")
    axes.set_title(title)
    axes.legend(loc="lower right", fontsize="small")
    axes.grid(axis="x", alpha=0.3)
    return _png(figure)


def _length_plot(report: dict[str, Any]) -> str:
    """Histograms of the game's length in its own unit and in actions."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9, 3.2))
    left, right = figure.subplots(1, 2)
    for axes, key, label in (
        (left, "length", report["length_unit"]),
        (right, "steps", "actions applied"),
    ):
        counts = report[key]["counts"]
        axes.bar([int(v) for v in counts], list(counts.values()), width=1.0, color="#b5651d")
        axes.set_xlabel(label)
        axes.set_ylabel("games")
        axes.axvline(report[key]["mean"], color="#333", linestyle="--", linewidth=1)
    figure.suptitle("Game length (dashed: mean)")
    return _png(figure)


def _seat_plot(report: dict[str, Any]) -> str:
    """Win share of each seat and the share of games a cap ended, with 95% intervals."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9, 2.8))
    seats_axes, cap_axes = figure.subplots(1, 2)
    rates = report["seat"]
    shares = [rate["win_share"] for rate in rates]
    errors = [
        [share - rate["interval"][0] for share, rate in zip(shares, rates, strict=True)],
        [rate["interval"][1] - share for share, rate in zip(shares, rates, strict=True)],
    ]
    places = list(range(len(rates)))
    seats_axes.bar(places, shares, yerr=errors, capsize=4, color="#8c4a24")
    seats_axes.axhline(report["even_share"], color="#777", linestyle="--", linewidth=1)
    seats_axes.set_xticks(places, [f"seat {seat}" for seat in places])
    seats_axes.set_ylabel("share of games won")
    seats_axes.set_title("Seat advantage")
    capped = report["capped"]
    share, (low, high) = capped["win_share"], capped["interval"]
    cap_axes.bar([0], [share], yerr=[[share - low], [high - share]], capsize=4, color="#b5651d")
    cap_axes.set_xticks([0], ["ended by a cap"])
    cap_axes.set_ylim(0, max(0.05, capped["interval"][1] * 1.3))
    cap_axes.set_title(f"{capped['games_capped']:,} of {capped['games']:,} games capped")
    return _png(figure)


def _table(rates: dict[str, dict[str, Any]]) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(name)}</td><td>{rate['games']:,}</td>"
        f"<td>{rate['win_share']:.3f}</td>"
        f"<td>{rate['interval'][0]:.3f} – {rate['interval'][1]:.3f}</td></tr>"
        for name, rate in sorted(rates.items(), key=lambda item: -(item[1]["win_share"] or 0))
    )
    return (
        "<table><tr><th>name</th><th>seat-games</th><th>win share</th><th>95% interval</th></tr>"
        f"{rows}</table>"
    )


def report_html(report: dict[str, Any]) -> str:
    """The page: a summary, then the seat and cap plot, the length plot and one plot per
    category with its table."""
    even = report["even_share"]
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items()) or "none"
    parts = [
        f"<h1>{html.escape(report['title'])}: balance</h1>",
        f"<p>{report['games']:,} games ({report['deals']:,} deals, each played from every seat "
        f"rotation) between {html.escape(', '.join(report['agents']))}; seed {report['seed']}; "
        f"options {html.escape(options)}. Draws: {report['draws']:,}; ended by a cap: "
        f"{report['capped']['games_capped']:,}. Mean length {report['length']['mean']:.1f} "
        f"{report['length_unit']}, {report['steps']['mean']:.1f} actions.</p>",
        "<p class=note>Win share: the share of the seat-games holding a name that were won "
        f"(a shared win counts 1/k); the even share is {even:.2f}. Intervals are 95% Wilson "
        "score intervals, each seat-game counted as one trial.</p>",
        "<h2>Seats and caps</h2>",
        f'<img alt="seat advantage" src="{_seat_plot(report)}">',
        "<h2>Game length</h2>",
        f'<img alt="game length" src="{_length_plot(report)}">',
    ]
    for category, rates in report["categories"].items():
        parts.append(f"<h2>By {html.escape(category)}</h2>")
        title = f"{report['title']}: win share by {category}"
        parts.append(f'<img alt="{html.escape(title)}" src="{_rates_plot(title, rates, even)}">')
        parts.append(_table(rates))
    body = "\n".join(parts)
    return (
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{html.escape(report['title'])} balance</title><style>{_STYLE}</style></head>"
        f"<body>\n{body}\n</body></html>\n"
    )


def write_report(report: dict[str, Any], folder: Path) -> tuple[Path, Path]:
    """Write `folder`/report.json and `folder`/report.html (the folder made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    numbers = folder / "report.json"
    page = folder / "report.html"
    numbers.write_text(json.dumps(report, indent=1) + "\n")
    page.write_text(report_html(report))
    return numbers, page
