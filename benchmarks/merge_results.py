"""Merge several `python -m fusednorm.bench` runs into one results folder: results.json,
summary.md and the plots. A later run's record replaces an earlier one for the same
(suite, op, dtype, mode, shape, layout, provider); the others are kept in order, and
fusednorm's speedups are scored again against the fastest peer among the merged records.
Usage: python benchmarks/merge_results.py OUT_DIR RUN.json [RUN.json ...] [--note TEXT ...]"""
import argparse
import json
import os

from fusednorm.bench.report import summary_markdown, write_json, write_plots


def key(r):
    return (r["suite"], r["op"], r["dtype"], r["mode"], r["label"], r.get("layout"), r["provider"])


def rescore(records):
    """fusednorm's speedup over the fastest other provider, from the merged records: a run
    that measured fusednorm and a subset of the peers scored it against that subset, and
    an earlier run's peers may be faster. Speeds are GB/s over the same bytes, so their
    ratio is the ratio of times."""
    best = {}
    for r in records:
        if r["provider"] != "fusednorm" and r["status"] == "ok" and r.get("gbps"):
            k = key(r)[:-1]
            if k not in best or r["gbps"] > best[k]["gbps"]:
                best[k] = r
    for r in records:
        if r["provider"] == "fusednorm" and r["status"] == "ok" and r.get("gbps"):
            other = best.get(key(r)[:-1])
            r["speedup_vs_best_other"] = r["gbps"] / other["gbps"] if other else None
            r["best_other"] = other["provider"] if other else None


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out_dir")
    p.add_argument("runs", nargs="+", metavar="RUN.json")
    p.add_argument("--note", action="append", default=[], help="a line for the summary")
    a = p.parse_args()
    out_dir, paths, notes = a.out_dir, a.runs, a.note
    runs = [json.load(open(p)) for p in paths]
    merged, index = [], {}
    for run in runs:
        for r in run["results"]:
            k = key(r)
            if k in index:
                merged[index[k]] = r
            else:
                index[k] = len(merged)
                merged.append(r)
    rescore(merged)
    first = runs[0]
    meta = {k: v for k, v in first.items() if k != "results"}
    meta["date"] = " / ".join(sorted({r["date"][:10] for r in runs}))
    meta["copy_gbps"] = min(r["copy_gbps"] for r in runs)
    meta["notes"] = notes
    meta["runs"] = [dict(file=os.path.basename(os.path.dirname(p)) or p, date=r["date"],
                         copy_gbps=round(r["copy_gbps"]), options=r["options"],
                         interrupted=r["interrupted"], records=len(r["results"]))
                    for p, r in zip(paths, runs)]
    # Every provider any run had: present where one run had it (a later run may add a peer
    # the first did not ask for, e.g. quack), else the first absence seen.
    providers = {}
    for r in runs:
        for name, state in r["providers"].items():
            if name not in providers or state == "present":
                providers[name] = state
    meta["providers"] = providers
    for r in runs[1:]:
        for name in ("device", "torch", "triton", "fusednorm"):
            assert r[name] == first[name], f"runs differ in {name}: {r[name]} vs {first[name]}"
    os.makedirs(out_dir, exist_ok=True)
    write_json(os.path.join(out_dir, "results.json"), meta, merged)
    with open(os.path.join(out_dir, "summary.md"), "w") as f:
        f.write(summary_markdown(meta, merged))
    try:
        print("\n".join(write_plots(out_dir, meta, merged)))
    except ImportError:
        print("plots skipped: matplotlib is not installed (pip install -e '.[bench]')")


if __name__ == "__main__":
    main()
