# v0.20 call 2: the tree after call 1 (HOLD_W per config, HOLD_W_CONFIGS; the cooperative
# forward's and backward's row loads unmasked where EVEN, rows clamped; w / b unmasked in
# the forward; bf16 widened in inline PTX, FAST_BF16) against 40a04f9 (.whl/base/src):
# sweep_coop.py library defaults, GPU time, fwd + bwd, bf16 / fp32, LN / RMS, 12288-1M,
# processes base, new, nofast (FUSEDNORM_FAST_BF16=0), twice; then bf16 with a residual
# (base, new, twice); then GPU tests of the changed paths.
export PYTHONUNBUFFERED=1
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
S="SWEEP_MODES=fwd,bwd SWEEP_N=12288,16384,32768,65536,131072,262144,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default SWEEP_FWD=default"
R="SWEEP_RES=1 SWEEP_MODES=fwd,bwd SWEEP_N=12288,65536,262144,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_BWD=default SWEEP_FWD=default"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wb $B 200 SWEEP_WARM=1 $S & run wn $NEW 200 SWEEP_WARM=1 $S & run wf $NEW 200 SWEEP_WARM=1 FUSEDNORM_FAST_BF16=0 $S &
run wrb $B 200 SWEEP_WARM=1 $R & run wrn $NEW 200 SWEEP_WARM=1 $R &
wait; pack; echo warm $SECONDS
for k in a b; do
  run base_$k $B 60 $S; pack; run new_$k $NEW 60 $S; pack; run nofast_$k $NEW 60 FUSEDNORM_FAST_BF16=0 $S; pack
done
for k in a b; do run rbase_$k $B 40 $R; pack; run rnew_$k $NEW 40 $R; pack; done
echo sweeps $SECONDS
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["mode"], r["op"], r["dtype"][6:], r["n"]): (r["pct"], r["ok"], r["config"]) for r in json.load(open(p))["rows"]}
for names in (["base_a", "base_b", "new_a", "new_b", "nofast_a", "nofast_b"], ["rbase_a", "rbase_b", "rnew_a", "rnew_b"]):
    ds = [load(n) for n in names]
    print("==", " ".join(names))
    for k in sorted(set().union(*[d.keys() for d in ds]), key=str):
        print(f"{k[0]} {k[1]:10s} {k[2]:8s} {k[3]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds), ds[2].get(k, (0, 0, ""))[2][8:48])
PY
export PYTHONPATH=$NEW
timeout 200 python -m pytest -q -x tests/test_rownorm.py -k "cuda and (cooperative or backward or residual or hold_w or million or large_mean)" > $W/pytest_rows.log 2>&1; tail -2 $W/pytest_rows.log; pack
timeout 150 python -m pytest -q -x tests/test_groupnorm.py -k cuda > $W/pytest_groups.log 2>&1; tail -2 $W/pytest_groups.log; pack
echo SECONDS $SECONDS
