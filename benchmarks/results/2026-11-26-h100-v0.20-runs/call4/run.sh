# v0.20 call 4: the 16-bit LayerNorm forward at 1M (83% in calls 2-3 against the base's
# 88%): SYNC 4's 1-D collect now only where SPIN <= 32 (`gate`), against 40a04f9 and
# against the same tree with SYNC 3 (`s3`); sweep_coop.py defaults, GPU time, fwd at 1M,
# bf16 / fp32, LN / RMS, three processes each, alternated; then GPU tests of the tree.
export PYTHONUNBUFFERED=1
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
F="SWEEP_MODES=fwd SWEEP_N=524288,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_FWD=default"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wb $B 200 SWEEP_WARM=1 $F & run wn $NEW 200 SWEEP_WARM=1 $F & run ws $NEW 200 SWEEP_WARM=1 SWEEP_SYNC=3 $F &
wait; pack; echo warm $SECONDS
for k in a b c; do run base_$k $B 30 $F; pack; run gate_$k $NEW 30 $F; pack; run s3_$k $NEW 30 SWEEP_SYNC=3 $F; pack; done
echo sweeps $SECONDS
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["mode"], r["op"], r["dtype"][6:], r["n"]): (r["pct"], r["ok"], r["config"]) for r in json.load(open(p))["rows"]}
names = [f"{v}_{k}" for v in ("base", "gate", "s3") for k in "abc"]
ds = [load(n) for n in names]
print("==", " ".join(names))
for k in sorted(set().union(*[d.keys() for d in ds]), key=str):
    print(f"{k[0]} {k[1]:10s} {k[2]:8s} {k[3]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds), ds[3].get(k, (0, 0, ""))[2][8:48])
PY
export PYTHONPATH=$NEW
timeout 170 python -m pytest -q -x tests/test_rownorm.py -k "cuda and (hold_w or replay or two_rows or sync_modes or large_mean or forward_steps)" > $W/pytest_rows.log 2>&1; tail -2 $W/pytest_rows.log; pack
timeout 100 python -m pytest -q -x tests/test_groupnorm.py -k "cuda and rows" > $W/pytest_groups.log 2>&1; tail -2 $W/pytest_groups.log; pack
echo SECONDS $SECONDS
