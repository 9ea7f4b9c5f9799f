# v0.26 call 7 (H100): the head's tables (STATS_AHEAD per config, DH_L2) against the tree
# before either change (.whl/base: 8183b55's src with the DH_L2 table of 47a41e3), the
# backward at 12288-1M (the cooperative range), bf16 / fp32, LayerNorm / RMSNorm, without
# and with dh; GPU time (sweep_coop.py), two timed processes per tree, alternated. GPU tests
# of the head's backward meanwhile (stats_ahead, own statistics, dh prefetch, cooperative).
export PYTHONUNBUFFERED=1
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
export SWEEP_MODES=bwd SWEEP_OPS=ln,rms SWEEP_BWD=default
export SWEEP_N=12288,16384,32768,65536,131072,262144,1048576
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for t in new old; do for r in 0 1; do for d in bf16 fp32; do
  src=$PWD/src; [ $t = old ] && src=$PWD/.whl/base/src
  PYTHONPATH=$src SWEEP_WARM=1 SWEEP_RES=$r SWEEP_DTYPES=$d run $W/warm_$t$r$d.json > $W/warm_$t$r$d.log 2>&1 &
done; done; done
PYTHONPATH=$PWD/src timeout 500 python -m pytest -q tests/test_rownorm.py -k "stats_ahead or own_statistics or many_rows or (cuda and (dh_prefetch or cooperative or million))" -p no:cacheprovider > $W/t_rows.log 2>&1 &
wait; pack
for p in 1 2; do for t in new old; do for r in 0 1; do
  src=$PWD/src; [ $t = old ] && src=$PWD/.whl/base/src
  PYTHONPATH=$src T=150 SWEEP_RES=$r SWEEP_DTYPES=bf16,fp32 run $W/${t}_r${r}_$p.json > $W/${t}_r${r}_$p.log 2>&1; pack
done; done; done
for f in $W/t_*.log; do echo "== $f"; grep -E "FAILED|Error|passed|failed" $f | tail -n 8; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c7/*_r*_*.json")):
    name = f.split("/")[-1]
    tree, r = name.split("_")[0], name.split("_r")[1][0]
    for row in json.load(open(f))["rows"]:
        t[(row["op"], row["dtype"][6:], r, row["n"], tree)].append(row["pct"] if row["ok"] else -1)
for k in sorted({k[:4] for k in t}):
    a, b = t[k + ("old",)], t[k + ("new",)]
    print(f"{k[0]:10s} {k[1]:8s} dh{k[2]} N={k[3]:7d} old {' '.join(f'{v:5.1f}' for v in a)}  new {' '.join(f'{v:5.1f}' for v in b)}"
          f"  {'+' if min(b) > max(a) else '-' if max(b) < min(a) else '='}")
PY
echo SECONDS $SECONDS
