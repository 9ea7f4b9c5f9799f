# v0.21 call 5: fp32 LayerNorm backward at 32K with replay 1 (call 4) as the library's
# choice: sweep_coop.py library defaults, GPU time, two processes, 16K / 32K / 64K; the
# bench as called, layer_norm fp32 backward and fwd+bwd at 32768 (two processes, for the
# merged run); GPU tests of the replay / config / 1M paths.
export PYTHONUNBUFFERED=1
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
export PYTHONPATH=$PWD/src
L="SWEEP_MODES=bwd SWEEP_N=16384,32768,65536 SWEEP_DTYPES=fp32 SWEEP_OPS=ln SWEEP_BWD=default"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run l_a 120 $L; run l_b 60 $L; pack
python benchmarks/compare_sweeps.py $W l_a l_b > $W/compare.txt
for k in a b; do
  timeout -s INT 60 python -m fusednorm.bench --suite rows --kind sweep --op layer_norm --dtype fp32 --n 32768 --mode bwd,fwd+bwd --providers fusednorm --out $W/ln32_$k > $W/ln32_$k.log 2>&1; pack
done
python - $W <<'PY' >> $W/compare.txt
import json, sys, os, glob
for f in sorted(glob.glob(sys.argv[1] + "/*/results.json")):
    for r in json.load(open(f))["results"]:
        print(os.path.basename(os.path.dirname(f)), r["op"], r["dtype"], r["mode"], r["N"], f"{r['pct_copy']:.1f}")
PY
cat $W/compare.txt; pack
timeout 150 python -m pytest -q -x tests/test_rownorm.py -k "cuda and (replay or configs or million or hold_w)" > $W/pytest_rows.log 2>&1; tail -2 $W/pytest_rows.log; pack
echo SECONDS $SECONDS
