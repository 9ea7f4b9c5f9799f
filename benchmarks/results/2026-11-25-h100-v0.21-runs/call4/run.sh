# v0.21 call 4: call 3's low as-called cells again (the bench, fusednorm only, three
# processes): rms_norm bf16 backward at 65536 (43.5% in call 3; fp16, the same config,
# 85.7) and layer_norm fp32 backward at 32768 (84.5%); then fp32 LayerNorm backward configs
# at 32K (GROUP 32 on its 1024-slices) in GPU time (sweep_coop.py, two processes).
export PYTHONUNBUFFERED=1
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
export PYTHONPATH=$PWD/src
for k in a b c; do
  timeout -s INT 60 python -m fusednorm.bench --suite rows --kind sweep --op rms_norm --dtype bf16,fp16 --n 65536 --mode bwd,fwd+bwd --providers fusednorm --out $W/rms_$k > $W/rms_$k.log 2>&1; pack
  timeout -s INT 60 python -m fusednorm.bench --suite rows --kind sweep --op layer_norm --dtype fp32 --n 16384,32768,65536 --mode bwd --providers fusednorm --out $W/ln32_$k > $W/ln32_$k.log 2>&1; pack
done
L="SWEEP_MODES=bwd SWEEP_N=16384,32768,65536 SWEEP_DTYPES=fp32 SWEEP_OPS=ln"
LC="default;1024/4/5/1/1/0/1;1024/4/4/1/1/1/1;2048/8/2/1/1/0/1;2048/8/3/1/1/1;1024/4/4/1/1/0/0"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run w 200 SWEEP_WARM=1 $L SWEEP_BWD="$LC"
run l_a 60 $L SWEEP_BWD="$LC"; run l_b 60 $L SWEEP_BWD="$LC"; pack
python benchmarks/compare_sweeps.py $W l_a l_b > $W/compare.txt
python - $W <<'PY' >> $W/compare.txt
import json, sys, os, glob
for f in sorted(glob.glob(sys.argv[1] + "/*/results.json")):
    for r in json.load(open(f))["results"]:
        print(os.path.basename(os.path.dirname(f)), r["op"], r["dtype"], r["mode"], r["N"], f"{r['pct_copy']:.1f}")
PY
cat $W/compare.txt; pack; echo SECONDS $SECONDS
