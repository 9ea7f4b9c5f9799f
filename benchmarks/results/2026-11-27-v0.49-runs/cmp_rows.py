"""This session's rows-suite records (fusednorm, the bench as called) beside the merged run's
(v0.47's, whose rows records are v0.35's) and quack's there; MISS marks a cell under issue
6's target (forward 96% / backward 90% at 256-256K, 90 / 85 at 1M).

    python cmp_rows.py DIR [DIR ...]   (each DIR's */results.json; later ones win a cell)"""
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MERGED = "benchmarks/results/2026-11-27-h100-v0.47-full/results.json"
MERGED_AT = "2925f75"  # (pruned from the tree after v0.49's merged run; git keeps it)


def key(r):
    return (r["op"], r["dtype"], r["mode"], r["N"])


def target(mode, n):
    if mode not in ("fwd", "bwd"):
        return None
    if n <= 262144:
        return 96 if mode == "fwd" else 90
    if n == 1 << 20:
        return 90 if mode == "fwd" else 85
    return None


def main():
    path = os.path.join(HERE, "..", "..", "..", MERGED)
    if os.path.exists(path):
        text = open(path).read()
    else:
        text = subprocess.run(["git", "show", f"{MERGED_AT}:{MERGED}"], cwd=HERE, check=True,
                              capture_output=True, text=True).stdout
    old = [r for r in json.loads(text)["results"]
           if r["suite"] == "rows" and r["kind"] == "sweep"]
    before = {key(r): r for r in old if r["provider"] == "fusednorm"}
    quack = {key(r): r for r in old if r["provider"] == "quack"}
    new = {}
    for d in sys.argv[1:]:
        for f in sorted(glob.glob(os.path.join(d, "*", "results.json"))):
            for r in json.load(open(f))["results"]:
                if r["provider"] == "fusednorm" and r.get("kind") == "sweep":
                    new[key(r)] = r
    misses = 0
    for k in sorted(new, key=lambda k: (k[2], k[0], k[1], k[3])):
        r = new[k]
        pct = r.get("pct_copy") or 0.0
        t = target(r["mode"], r["N"])
        miss = t is not None and pct < t
        misses += miss
        o = (before.get(k) or {}).get("pct_copy") or 0.0
        q = (quack.get(k) or {}).get("pct_copy") or 0.0
        print(f"{r['mode']:7} {r['op']:15} {r['dtype']} {r['N']:8} now {pct:5.1f} "
              f"v0.35 {o:5.1f} quack {q:5.1f} {r['status']}{' MISS' if miss else ''}")
    print(f"{len(new)} cells, {misses} under target")


if __name__ == "__main__":
    main()
