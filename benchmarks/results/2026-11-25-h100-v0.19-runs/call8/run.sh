# v0.19 call 8: (1) GPU tests of the row norms (fp32 RMSNorm's 32K forward on 16 warps);
# (2) the bench as called, fusednorm only, rms_norm / layer_norm fp32 forward at 16K-64K
# (two processes); (3) the as-called variance of layer_norm bf16's backward: trace_bwd.py
# (graph / call / profiler trace) and the bench at 8192 / 65536, three processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout 330 python -m pytest -q tests/test_rownorm.py tests/test_launch.py > $W/pytest_rows.log 2>&1; pack
echo tests $SECONDS; tail -2 $W/pytest_rows.log
for i in a b; do
  timeout -s INT 40 python -m fusednorm.bench --suite rows --op rms_norm,layer_norm --dtype fp32 --kind sweep --n 16384,32768,65536 --mode fwd --providers fusednorm --out $W/f32_$i > $W/f32_$i.log 2>&1; pack
done
for i in a b c; do
  env TRACE_N=8192,65536 TRACE_DTYPE=bf16 TRACE_OP=ln TRACE_CFG=default timeout -s INT 45 python benchmarks/trace_bwd.py $W/tr_$i.json > $W/tr_$i.log 2>&1; pack
  timeout -s INT 45 python -m fusednorm.bench --suite rows --op layer_norm --dtype bf16 --kind sweep --n 8192,65536 --mode bwd --providers fusednorm --out $W/lnb_$i > $W/lnb_$i.log 2>&1; pack
done
python - $W <<'PY'
import json, sys, os, glob
W = sys.argv[1]
for d in sorted(glob.glob(os.path.join(W, "*/results.json"))):
    print("==", os.path.basename(os.path.dirname(d)), " ".join(f"{r['op']}/{r['dtype']}/{r['mode']}/{r['N']}:{r['pct_copy']:.1f}" for r in json.load(open(d))["results"] if r["provider"] == "fusednorm"))
PY
for i in a b c; do echo "== tr_$i"; grep -v "^$" $W/tr_$i.log | cut -c1-150; done
echo SECONDS $SECONDS
