# v0.20 call 3: the tree after call 2 (FAST_BF16 removed: no gain in call 2) against
# 40a04f9 (.whl/base/src), base and new alternated, two processes each, sweep_coop.py
# library defaults, GPU time: the cooperative forward (EVEN row / w / b loads unmasked)
# bf16 / fp32 LN / RMS 64K-1M; bf16 with a residual fwd + bwd; the backward (HOLD_W per
# config, unmasked row loads) at the changed cells; then GPU tests.
export PYTHONUNBUFFERED=1
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
F="SWEEP_MODES=fwd SWEEP_N=65536,131072,262144,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_FWD=default"
R="SWEEP_RES=1 SWEEP_MODES=fwd,bwd SWEEP_N=12288,65536,262144,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_BWD=default SWEEP_FWD=default"
D="SWEEP_MODES=bwd SWEEP_N=12288,65536,262144,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wfb $B 200 SWEEP_WARM=1 $F & run wfn $NEW 200 SWEEP_WARM=1 $F &
run wrb $B 200 SWEEP_WARM=1 $R & run wrn $NEW 200 SWEEP_WARM=1 $R &
run wdb $B 200 SWEEP_WARM=1 $D & run wdn $NEW 200 SWEEP_WARM=1 $D &
wait; pack; echo warm $SECONDS
for k in a b; do
  run fbase_$k $B 40 $F; pack; run fnew_$k $NEW 40 $F; pack
  run rbase_$k $B 40 $R; pack; run rnew_$k $NEW 40 $R; pack
  run dbase_$k $B 40 $D; pack; run dnew_$k $NEW 40 $D; pack
done
echo sweeps $SECONDS
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["mode"], r["op"], r["dtype"][6:], r["n"]): (r["pct"], r["ok"], r["config"]) for r in json.load(open(p))["rows"]}
for p in "frd":
    names = [f"{p}base_a", f"{p}base_b", f"{p}new_a", f"{p}new_b"]
    ds = [load(n) for n in names]
    print("==", " ".join(names))
    for k in sorted(set().union(*[d.keys() for d in ds]), key=str):
        print(f"{k[0]} {k[1]:10s} {k[2]:8s} {k[3]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds), ds[2].get(k, (0, 0, ""))[2][8:48])
PY
export PYTHONPATH=$NEW
timeout 150 python -m pytest -q -x tests/test_rownorm.py -k "cuda and (cooperative or hold_w or residual or large_mean)" > $W/pytest_rows.log 2>&1; tail -2 $W/pytest_rows.log; pack
timeout 220 python -m pytest -q -x tests/test_groupnorm.py -k cuda > $W/pytest_groups.log 2>&1; tail -2 $W/pytest_groups.log; pack
echo SECONDS $SECONDS
