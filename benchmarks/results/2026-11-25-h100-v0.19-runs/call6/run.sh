# v0.19 call 6: (1) cooperative backward configs with dh at 12288-64K (add_layer_norm /
# add_rms_norm: bf16, fp32), sweep_coop.py, GPU time, two processes; (2) the bench as
# called, fusednorm only: layer_norm 16-bit backward and fwd+bwd at the lengths call 5
# read erratically low (two processes), and the fp32 forward at 32K (v0.9's record).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
X16="SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_RES=1 SWEEP_BWD=default;2048/4/4/1/1/2/0;2048/4/4/1/1/2/1;2048/4/5/1/1/2/1;2048/4/4/1/1/0/0;2048/4/4/1/1/1/0;4096/4/2/1/1/0/0;1024/4/6/1/1/0/0"
X32="SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536 SWEEP_DTYPES=fp32 SWEEP_OPS=rms,ln SWEEP_RES=1 SWEEP_BWD=default;2048/4/4/1/1/0/0;2048/4/4/1/1/1/0;2048/8/3/1/1/1/0;1024/4/5/1/1/0/0;1024/4/5/1/1/1/0;4096/8/1/1/1/0/0;2048/8/2/1/1/0/0"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run w16 240 SWEEP_WARM=1 $X16 & run w32 240 SWEEP_WARM=1 $X32 & wait; pack; echo warm $SECONDS
for i in a b; do run x16_$i 70 $X16; pack; run x32_$i 70 $X32; pack; done
python - $W <<'PY'
import json, sys, os, collections
W = sys.argv[1]
for base in ("x16", "x32"):
    t = collections.defaultdict(dict)
    for i in "ab":
        p = os.path.join(W, f"{base}_{i}.json")
        if not os.path.exists(p): continue
        for r in json.load(open(p))["rows"]:
            t[(r["op"], r["dtype"][6:], r["n"])].setdefault(r["config"], []).append(r["pct"] if r["ok"] else -1)
    print("==", base)
    for k in sorted(t):
        print(f"{k[0]:10s} {k[1]:8s} {k[2]:>7}", " | ".join(f"{c.split(' s')[0][:28]} {'/'.join('%.1f' % v for v in vs)}" for c, vs in t[k].items()))
PY
for i in a b; do
  timeout -s INT 100 python -m fusednorm.bench --suite rows --op layer_norm --dtype bf16,fp16 --kind sweep --n 256,512,5120,8192,12288,65536 --mode bwd,fwd+bwd --providers fusednorm --out $W/ln_$i > $W/ln_$i.log 2>&1; pack
done
timeout -s INT 60 python -m fusednorm.bench --suite rows --op layer_norm,rms_norm --dtype fp32 --kind sweep --n 32768 --mode fwd --providers fusednorm --out $W/f32 > $W/f32.log 2>&1; pack
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
for n in ("ln_a", "ln_b", "f32"):
    p = os.path.join(W, n, "results.json")
    if not os.path.exists(p): print(n, "missing"); continue
    print("==", n, " ".join(f"{r['op']}/{r['dtype']}/{r['mode']}/{r['N']}:{r['pct_copy']:.1f}" for r in json.load(open(p))["results"] if r["provider"] == "fusednorm"))
PY
echo SECONDS $SECONDS
