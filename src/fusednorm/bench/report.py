"""What a run leaves behind: a table on stdout as it goes, a progress line on stderr, and in
the output folder results.json (everything), summary.md (tables) and one PNG per
suite/op/dtype/mode (matplotlib, an optional dependency)."""
import json
import os
import sys
import time
from collections import defaultdict
from typing import Dict, List, Sequence, TextIO

from .providers import PROVIDERS

MIB = 1 << 20

# (heading, width); numbers right-aligned, text left-aligned.
COLUMNS = (("suite", 6), ("op", 14), ("dtype", 5), ("mode", 7), ("shape", 22),
           ("provider", 9), ("status", 6), ("ms", 9), ("GB/s", 7), ("%copy", 6),
           ("speedup", 15), ("extra MiB", 9))
_NUMERIC = {"ms", "GB/s", "%copy", "extra MiB"}


def _line(cells: Sequence[str]) -> str:
    parts = [f"{c:>{w}}" if h in _NUMERIC else f"{c:<{w}}"
             for c, (h, w) in zip(cells, COLUMNS)]
    return " ".join(parts).rstrip()


def table_header() -> str:
    return _line([h for h, _ in COLUMNS])


def table_row(rec: Dict) -> str:
    ok = rec["status"] == "ok"
    speedup = ""
    if rec["speedup_vs_best_other"] is not None:
        speedup = f"{rec['speedup_vs_best_other']:.2f}x {rec['best_other']}"
    cells = [rec["suite"], rec["op"], rec["dtype"], rec["mode"], rec["label"], rec["provider"],
             rec["status"],
             f"{rec['ms']:.4f}" if ok else "", f"{rec['gbps']:.0f}" if ok else "",
             f"{rec['pct_copy']:.1f}" if ok and rec["pct_copy"] is not None else "",
             speedup,
             f"{rec['extra_mem_bytes'] / MIB:.1f}" if ok else ""]
    line = _line(cells)
    return line if ok else f"{line}  {rec['detail']}"


class Progress:
    """One line on stderr: rewritten in place on a terminal; elsewhere (a log file) one line
    per case, without the steps inside it."""

    def __init__(self, total: int, stream: TextIO = sys.stderr):
        self.total = total
        self.stream = stream
        self.tty = stream.isatty()
        self.t0 = time.monotonic()
        self.title = ""

    def _elapsed(self) -> str:
        s = int(time.monotonic() - self.t0)
        return f"{s // 60}m{s % 60:02d}s"

    def start(self, index: int, title: str) -> None:
        self.title = f"[{index}/{self.total}] {title}"
        if not self.tty:
            print(f"{self.title} ({self._elapsed()})", file=self.stream, flush=True)
        self.step("")

    def step(self, text: str) -> None:
        if self.tty:
            self.stream.write(f"\r\033[K{self.title} {text} ({self._elapsed()})")
            self.stream.flush()

    def clear(self) -> None:
        if self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()


def write_json(path: str, meta: Dict, records: List[Dict]) -> None:
    """Written whole to a temporary file, then renamed: an interrupted run keeps the last
    complete file."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(dict(meta, results=records), f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def _by_key(records: List[Dict]) -> Dict[tuple, List[Dict]]:
    groups = defaultdict(list)
    for r in records:
        groups[(r["suite"], r["op"], r["dtype"], r["mode"])].append(r)
    return groups


def _rank(provider: str) -> tuple:
    """Providers in PROVIDERS order (fusednorm first); unknown names after, by name."""
    known = list(PROVIDERS)
    return (known.index(provider) if provider in known else len(known), provider)


BYTES_NOTE = ("GB/s counts the fewest bytes each op must move: forward reads x (and the "
              "residual), weight (and bias) and writes y (and h = x + residual); backward "
              "reads x (or h), dy (and dh), weight and writes dx, dweight (and dbias); fwd+bwd "
              "is the sum. Speedup is fusednorm's speed over the fastest other provider that "
              "passed the correctness gate.")


def worst_cells(records: List[Dict]) -> List[str]:
    """Markdown lines: per (suite, op, dtype, mode), fusednorm's lowest % of copy and its
    lowest speedup over the fastest other provider, each with its shape. The rows suite's
    inference shapes (launch-bound, a few KB moved) are left out of the % column, as
    they are out of the plots, but not out of the speedup column."""
    out = ["", "## Lowest cells", "",
           "fusednorm's lowest % of copy (rows suite: the sweep shapes) and lowest speedup "
           "over the fastest other provider, per table below.", "",
           "| suite | op | dtype | mode | lowest % of copy | lowest speedup |",
           "|---|---|---|---|---:|---:|"]
    for (suite, op, dtype, mode), recs in _by_key(records).items():
        ours = [r for r in recs if r["provider"] == "fusednorm" and r["status"] == "ok"]
        pct = [r for r in ours if r.get("pct_copy") is not None and r.get("kind") != "inference"]
        fast = [r for r in ours if r.get("speedup_vs_best_other") is not None]
        if not ours:
            continue
        low = min(pct, key=lambda r: r["pct_copy"]) if pct else None
        slow = min(fast, key=lambda r: r["speedup_vs_best_other"]) if fast else None
        cell_pct = f"{low['pct_copy']:.1f}% ({low['label']})" if low else ""
        cell_fast = (f"{slow['speedup_vs_best_other']:.2f}x vs {slow['best_other']} "
                     f"({slow['label']})" if slow else "")
        out.append(f"| {suite} | {op} | {dtype} | {mode} | {cell_pct} | {cell_fast} |")
    return out


def summary_markdown(meta: Dict, records: List[Dict]) -> str:
    out = ["# fusednorm benchmark", ""]
    out.append(f"- GPU: {meta['device']}")
    out.append(f"- torch {meta['torch']}, triton {meta['triton']}, fusednorm {meta['fusednorm']}")
    out.append(f"- date: {meta['date']}")
    out.append(f"- device-to-device copy: {meta['copy_gbps']:.0f} GB/s (read + write)")
    out.append("- providers: " + ", ".join(f"{k} ({v})" for k, v in meta["providers"].items()))
    for note in meta.get("skipped", []):
        out.append(f"- skipped: {note}")
    if meta.get("interrupted"):
        out.append("- the run was interrupted: the tables are partial")
    for run in meta.get("runs", []):
        opts = ", ".join(f"{k}={v}" for k, v in run["options"].items() if v not in (None, False))
        out.append(f"- merged run {run['file']}: {run['date']}, copy {run['copy_gbps']} GB/s, "
                   f"{run['records']} records ({opts})"
                   + ("; interrupted" if run["interrupted"] else ""))
    for note in meta.get("notes", []):
        out.append(f"- note: {note}")
    out += ["", BYTES_NOTE, "",
            "Cells are GB/s (and % of the copy bandwidth), or why a provider was not timed."]
    out += worst_cells(records)
    for (suite, op, dtype, mode), recs in _by_key(records).items():
        names = sorted({r["provider"] for r in recs}, key=_rank)
        out += ["", f"## {suite} / {op} / {dtype} / {mode}", ""]
        out.append("| shape | N | " + " | ".join(names) + " | fusednorm speedup |")
        out.append("|---|---:|" + "---:|" * len(names) + "---:|")
        rows: Dict[str, Dict[str, Dict]] = defaultdict(dict)
        for r in recs:
            rows[r["label"]][r["provider"]] = r
        for label, by_provider in rows.items():
            any_rec = next(iter(by_provider.values()))
            cells = []
            for n in names:
                r = by_provider.get(n)
                cells.append("" if r is None else r["status"] if r["status"] != "ok" else
                             f"{r['gbps']:.0f}" if r.get("pct_copy") is None else
                             f"{r['gbps']:.0f} ({r['pct_copy']:.0f}%)")
            ours = by_provider.get("fusednorm")
            speedup = ""
            if ours and ours["speedup_vs_best_other"] is not None:
                speedup = f"{ours['speedup_vs_best_other']:.2f}x vs {ours['best_other']}"
            out.append(f"| {label} | {any_rec['N']} | " + " | ".join(cells) + f" | {speedup} |")
    return "\n".join(out) + "\n"


def plot_name(suite: str, op: str, dtype: str, mode: str) -> str:
    return f"{suite}_{op}_{dtype}_{mode.replace('+', '_')}.png"


def write_plots(out_dir: str, meta: Dict, records: List[Dict]) -> List[str]:
    """One PNG per suite/op/dtype/mode: GB/s against N for the sweep cases (the inference
    shapes are in the tables only), a line per provider (dotted: channels_last), and the copy
    bandwidth as a dashed ceiling. Raises ImportError without matplotlib."""
    from matplotlib.figure import Figure  # no pyplot: no global state, no display backend

    colors = {name: f"C{i}" for i, name in enumerate(PROVIDERS)}
    paths = []
    for (suite, op, dtype, mode), recs in _by_key(records).items():
        series = defaultdict(list)
        for r in recs:
            if r["kind"] == "sweep" and r["status"] == "ok":
                series[(r["provider"], r["layout"])].append((r["N"], r["gbps"]))
        if not series:
            continue
        fig = Figure(figsize=(8, 5))
        ax = fig.add_subplot()
        for (provider, layout), points in sorted(series.items(), key=lambda kv: (
                _rank(kv[0][0]), kv[0][1] == "channels_last")):
            points.sort()
            label = provider if layout != "channels_last" else f"{provider}, channels_last"
            ax.plot([n for n, _ in points], [g for _, g in points], marker="o", label=label,
                    color=colors.get(provider), linestyle=":" if layout == "channels_last" else "-")
        ax.axhline(meta["copy_gbps"], linestyle="--", color="gray",
                   label=f"device copy {meta['copy_gbps']:.0f} GB/s")
        ax.set_xscale("log", base=2)
        ax.set_ylim(bottom=0)
        ax.set_xlabel("N, elements per normalized " + ("row" if suite == "rows" else "group"))
        ax.set_ylabel("GB/s (fewest bytes)")
        ax.set_title(f"{op} {dtype} {mode} on {meta['device']}")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize="small")
        path = os.path.join(out_dir, plot_name(suite, op, dtype, mode))
        fig.savefig(path, dpi=110, bbox_inches="tight")
        paths.append(path)
    return paths


class Reporter:
    """Prints each record as a table row as it comes and keeps results.json current."""

    def __init__(self, out_dir: str, meta: Dict, stream: TextIO = sys.stdout):
        self.out_dir = out_dir
        self.meta = meta
        self.stream = stream
        self.records: List[Dict] = []
        os.makedirs(out_dir, exist_ok=True)
        self.json_path = os.path.join(out_dir, "results.json")

    def header(self) -> None:
        print(table_header(), file=self.stream, flush=True)

    def add(self, records: List[Dict]) -> None:
        for r in records:
            print(table_row(r), file=self.stream)
        self.stream.flush()
        self.records += records
        write_json(self.json_path, self.meta, self.records)

    def finish(self) -> List[str]:
        """Writes the final JSON, summary.md and the plots; returns the notes to print."""
        write_json(self.json_path, self.meta, self.records)
        summary = os.path.join(self.out_dir, "summary.md")
        with open(summary, "w") as f:
            f.write(summary_markdown(self.meta, self.records))
        notes = [f"wrote {self.json_path}", f"wrote {summary}"]
        try:
            plots = write_plots(self.out_dir, self.meta, self.records)
        except ImportError:
            return notes + ["plots skipped: matplotlib is not installed "
                            "(pip install 'fusednorm[bench]')"]
        return notes + [f"wrote {len(plots)} plot(s) in {self.out_dir}"]
