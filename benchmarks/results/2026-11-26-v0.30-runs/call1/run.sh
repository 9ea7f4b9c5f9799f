# v0.30 call 1 (H100): two A/B knobs, GPU time (sweep_coop.py), two processes each.
# a) the tile-path backward asking the L2 for x, dy of the rows 1 or 2 steps past the
#    next (FUSEDNORM_TILE_L2), bf16 / fp32, no residual, at 256 / 2048 / 5120 / 8192;
# b) the cooperative forward's y stores evict_first in L2 (FUSEDNORM_Y_EVICT), inference
#    variant, bf16 / fp32, no residual, at 64K / 128K / 256K.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $W/gpu.txt
B="SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=256,2048,5120,8192"
F="SWEEP_MODES=fwd SWEEP_FWD=default SWEEP_INFER=1 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=65536,131072,262144"
SETS=("b_t0 $B" "b_t1 $B FUSEDNORM_TILE_L2=1" "b_t2 $B FUSEDNORM_TILE_L2=2"
      "f_y0 $F" "f_yf $F FUSEDNORM_Y_EVICT=evict_first")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 100 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
    echo $tag $p $SECONDS
  done
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
cfgs = {}
for f in sorted(glob.glob("/tmp/c1/[bf]_*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        k = (tag[0], r["op"], r["dtype"], r["n"], tag[2:])
        t[k].append(r["pct"] if r["ok"] else -1)
        cfgs[k] = r["config"]
for k in sorted(t):
    print(f"{k[0]} {k[1]:10s} {k[2][6:]:9s} N={k[3]:7d} {k[4]:3s} {' '.join(f'{v:5.1f}' for v in t[k])}  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED\|Error" $W/*.log | head
echo SECONDS $SECONDS
