# v0.26 call 6 (H100): call 5 again after its fix (call 5's new tree: triton 3.6 merged
# the PREFETCH schedule's two loop-carried statistics, distinct initial values now): the
# backward with a row's mean and rstd loaded a step ahead (tile
# path, cooperative PREFETCH schedule) against them loaded at the terms (the same
# tree otherwise: .whl/base, 8183b55's src with 47a41e3's DH_L2 table), the table's configs,
# every rows-suite N, bf16 / fp32, LayerNorm / RMSNorm, without and with dh; GPU time
# (sweep_coop.py), compiled first by eight processes, then the trees alternated in two
# timed processes each. GPU tests of the new tree's backward meanwhile.
export PYTHONUNBUFFERED=1
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
export SWEEP_MODES=bwd SWEEP_OPS=ln,rms SWEEP_BWD=default
export SWEEP_N=256,512,1024,2048,4096,5120,8192,12288,16384,32768,65536,131072,262144,1048576
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for t in new old; do for r in 0 1; do for d in bf16 fp32; do
  src=$PWD/src; [ $t = old ] && src=$PWD/.whl/base/src
  PYTHONPATH=$src SWEEP_WARM=1 SWEEP_RES=$r SWEEP_DTYPES=$d run $W/warm_$t$r$d.json > $W/warm_$t$r$d.log 2>&1 &
done; done; done
PYTHONPATH=$PWD/src timeout 400 python -m pytest -q tests/test_rownorm.py -k "own_statistics or many_rows or (cuda and (dh_prefetch or residual or backward or cooperative or tile))" -p no:cacheprovider > $W/t_rows.log 2>&1 &
PYTHONPATH=$PWD/src timeout 400 python -m pytest -q tests/test_groupnorm.py -k "cuda and (backward or rows or activation)" -p no:cacheprovider > $W/t_groups.log 2>&1 &
wait; pack
for p in 1 2; do for t in new old; do for r in 0 1; do
  src=$PWD/src; [ $t = old ] && src=$PWD/.whl/base/src
  PYTHONPATH=$src T=150 SWEEP_RES=$r SWEEP_DTYPES=bf16,fp32 run $W/${t}_r${r}_$p.json > $W/${t}_r${r}_$p.log 2>&1; pack
done; done; done
for f in $W/t_*.log; do echo "== $f"; grep -E "FAILED|Error|passed|failed" $f | tail -n 8; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c6/*_r*_*.json")):
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
