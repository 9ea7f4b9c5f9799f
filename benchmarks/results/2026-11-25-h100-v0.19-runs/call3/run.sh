# v0.19 call 3: call 1's winners again, in two processes each, beside neighbours they
# would also change (sweep_coop.py, GPU time): tile backward at 256-1024 and at
# 5120 / 6144 / 8192 (bf16, fp16, fp32; without and with dh); cooperative 16-bit backward
# with replay 2 at 12288-256K. Then the lagged columns path with tagged finals (GroupNorm
# channels_last forward, sweep_groupnorm.py, bf16) against the default paths.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
S1="SWEEP_MODES=bwd SWEEP_N=256,512,1024 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default;t4/2/4;t16/8/1;t8/2/4;t32/8/1"
S5="SWEEP_MODES=bwd SWEEP_N=5120,6144,8192 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default;t1/4/2;t2/8/1;T1/16/1"
SC="SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536,131072,262144 SWEEP_DTYPES=bf16,fp16 SWEEP_OPS=ln,rms SWEEP_BWD=default;2048/4/4/1/1/2/1;2048/4/4/1/1/0/1"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run w1 240 SWEEP_WARM=1 $S1 & run w1r 240 SWEEP_WARM=1 SWEEP_RES=1 $S1 & run w5 240 SWEEP_WARM=1 $S5 &
run w5r 240 SWEEP_WARM=1 SWEEP_RES=1 $S5 & run wc 240 SWEEP_WARM=1 $SC &
SET='[{"COLS_LAG":false},{},{"COLS_LAG_WAVES":0}]'
gsw() { local name=$1 t=$2; shift 2; timeout -s INT $t python benchmarks/sweep_groupnorm.py $W/$name.json --layouts cl --fwd-only --no-torch --settings "$SET" "$@" > $W/$name.log 2>&1; }
G=unet320,unet640,vae512,vae256,in3d64,in3d128,in2d
gsw gw1 240 --warm --cases unet320,unet640,vae512 & gsw gw2 240 --warm --cases vae256,in3d64,in3d128,in2d &
timeout 200 python -m pytest -q -x tests/test_groupnorm.py -k "cuda and (lag or inference)" > $W/pytest.log 2>&1 &
wait; pack; echo warm $SECONDS
gsw g_a 120 --cases $G; pack
for i in a b; do
  run s1_$i 60 $S1; pack; run s1r_$i 60 SWEEP_RES=1 $S1; pack
  run s5_$i 50 $S5; pack; run s5r_$i 50 SWEEP_RES=1 $S5; pack
  run sc_$i 70 $SC; pack
done
tail -2 $W/pytest.log; grep -v "^$" $W/g_a.log | cut -c1-120
python - $W <<'PY'
import json, sys, os, collections
W = sys.argv[1]
for base in ("s1", "s1r", "s5", "s5r", "sc"):
    t = collections.defaultdict(dict)
    for i in "ab":
        p = os.path.join(W, f"{base}_{i}.json")
        if not os.path.exists(p): continue
        for r in json.load(open(p))["rows"]:
            t[(r["op"], r["dtype"][6:], r["n"])].setdefault(r["config"], []).append(r["pct"] if r["ok"] else -1)
    print("==", base)
    for k in sorted(t):
        print(f"{k[0]:10s} {k[1]:8s} {k[2]:>7}", " | ".join(f"{c.split(' s')[0][:26]} {'/'.join('%.1f' % v for v in vs)}" for c, vs in t[k].items()))
PY
echo SECONDS $SECONDS
