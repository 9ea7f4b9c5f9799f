# v0.19 call 7: the final tables (the ninth field: fp32 RMSNorm's backward with dh replays
# where GROUP <= 32): GPU tests of the row norms, then sweep_coop.py defaults (GPU time,
# two processes) and the bench as called (fusednorm only) for add_rms_norm fp32 backward.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
S="SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536,131072,262144 SWEEP_DTYPES=fp32 SWEEP_OPS=rms SWEEP_RES=1 SWEEP_BWD=default"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run w 120 SWEEP_WARM=1 $S &
timeout 360 python -m pytest -q tests/test_rownorm.py tests/test_launch.py > $W/pytest_rows.log 2>&1
wait; pack; echo tests $SECONDS; tail -2 $W/pytest_rows.log
run d_a 40 $S; pack; run d_b 40 $S; pack
grep -h "default" $W/d_a.log $W/d_b.log | cut -c1-90
left=$((585 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --op add_rms_norm --dtype fp32 --kind sweep --n 12288,16384,32768,65536,131072 --mode bwd,fwd+bwd --providers fusednorm --out $W/arms > $W/arms.log 2>&1; pack
python - $W <<'PY'
import json, sys, os
p = os.path.join(sys.argv[1], "arms", "results.json")
if os.path.exists(p):
    print(" ".join(f"{r['mode']}/{r['N']}:{r['pct_copy']:.1f}" for r in json.load(open(p))["results"] if r["provider"] == "fusednorm"))
PY
echo SECONDS $SECONDS
