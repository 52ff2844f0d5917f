#!/usr/bin/python3
"""Turns a bench `--json` report (bench-micro, bench-e2e) into a figure (PNG or SVG).

Left: every pair's A and B samples in pair order, each pair joined by a line, the extras'
(floors') medians as dashed lines. Right: the distribution of the paired differences B - A,
with their median and zero. The title carries the compare mode, the clock, the medians and
Wilcoxon's p.

    scripts/plot-bench.sh REPORT.json OUT.svg|OUT.png [--title TEXT]

Needs Debian's python3-matplotlib (scripts/plot-bench.sh installs it when missing).
"""
import argparse
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", help="a bench --json report")
    parser.add_argument("out", help="the figure to write: .svg or .png")
    parser.add_argument("--title", default="", help="a line put above the figure's own title")
    args = parser.parse_args()
    try:
        with open(args.report, encoding="utf-8") as f:
            report = json.load(f)
        variants = report["variants"]
        a, b = variants["A"], variants["B"]
        a_ms, b_ms = a["samples_ms"], b["samples_ms"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"plot_bench: {args.report}: not a bench --json report: {e}", file=sys.stderr)
        return 1
    if len(a_ms) != len(b_ms) or not a_ms:
        print(f"plot_bench: {args.report}: A and B need the same number of samples, at least 1",
              file=sys.stderr)
        return 1
    diffs = [y - x for x, y in zip(a_ms, b_ms)]

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 5),
                                      gridspec_kw={"width_ratios": [2, 1]})
    pairs = range(len(a_ms))
    for i in pairs:
        left.plot([i, i], [a_ms[i], b_ms[i]], color="0.8", linewidth=0.8, zorder=1)
    left.scatter(pairs, a_ms, s=12, label=f"A {a['name']} (median {a['median_ms']:.2f})",
                 zorder=2)
    left.scatter(pairs, b_ms, s=12, label=f"B {b['name']} (median {b['median_ms']:.2f})",
                 zorder=2)
    for n, (key, extra) in enumerate(sorted(report.get("extras", {}).items())):
        left.axhline(extra["median_ms"], linestyle="--", linewidth=1, color=f"C{n + 2}",
                     label=f"{key}: {extra['name']} (median {extra['median_ms']:.2f})")
    left.set_xlabel("pair")
    left.set_ylabel(f"ms ({report['clock']} clock)")
    left.set_ylim(bottom=0)
    left.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2)
    left.set_title("paired samples; floors' medians dashed", fontsize=9)

    right.hist(diffs, bins=min(30, max(5, len(diffs) // 3)), color="C1", alpha=0.8)
    right.axvline(0, color="0.3", linewidth=1)
    right.axvline(report["paired_diff_median_ms"], color="C3", linestyle="--", linewidth=1,
                  label=f"median {report['paired_diff_median_ms']:.3f} ms")
    right.set_xlabel("B - A, ms (negative: B faster)")
    right.set_ylabel("pairs")
    right.legend(fontsize=7)
    w = report["wilcoxon"]
    s = report["sign_test"]
    right.set_title(f"Wilcoxon p = {w['p']:.2g}; B faster in {s['wins_b']} of {s['n']}",
                    fontsize=9)

    title = (f"{report['bench']} --compare {report['compare']}: {report['pairs']} pairs, "
             f"{report['clock']} clock")
    fig.suptitle(f"{args.title}\n{title}" if args.title else title, fontsize=10)
    fig.tight_layout()
    try:
        # A fixed hash salt and no date keep an SVG the same from run to run.
        plt.rcParams["svg.hashsalt"] = "bench"
        fig.savefig(args.out, metadata={"Date": None} if args.out.endswith(".svg") else None)
    except (OSError, ValueError) as e:
        print(f"plot_bench: cannot write {args.out}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
