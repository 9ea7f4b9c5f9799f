"""Print a sweep_groupnorm.py A/B of L.CAPTURE_TICKETS off / on (GPU time, % of copy, each
setting's readings in order): python ab_table.py tk_none.json [...]"""
import collections
import json
import sys

OFF, ON = '{"L.CAPTURE_TICKETS":false}', '{"L.CAPTURE_TICKETS":true}'
for path in sys.argv[1:]:
    d = json.load(open(path))
    print(path, "act", d["meta"].get("act"), "copy", round(d["meta"]["copy_gbps"]), "GB/s")
    rows = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in d["rows"]:
        if "fwd_gpu_pct" not in r:
            print("  not timed:", r)
            continue
        rows[(r["case"], r["layout"])][r["provider"]].append((r["fwd_gpu_pct"], r["bwd_gpu_pct"]))
    for (case, lay), v in rows.items():
        def f(readings, i):
            return " / ".join(f"{x[i]:.1f}" for x in readings)
        print(f"  {case:9s} {lay} fwd off {f(v[OFF], 0):11s} on {f(v[ON], 0):11s} | "
              f"bwd off {f(v[OFF], 1):11s} on {f(v[ON], 1):11s}")
