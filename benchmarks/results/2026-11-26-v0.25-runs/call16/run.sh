# v0.25 call 16 (H100): the fp32 backward at 12288 (LayerNorm 86.8%, add_rms_norm 91.5% in
# the merged run; the cooperative table) on the tile path in two tiles (8192 + 4096), 16 /
# 32 warps, with and without dh; GPU time (sweep_coop.py), compiled first by four processes
# at once, then timed twice.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c16; mkdir -p $W
pack() { tar czf $OUT/call16.tgz -C /tmp c16; }
export SWEEP_MODES=bwd SWEEP_N=12288 SWEEP_DTYPES=fp32
export SWEEP_BWD="default;t1/16/1;t1/32/1;t1/8/1"
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for r in 0 1; do for o in ln rms; do SWEEP_WARM=1 SWEEP_RES=$r SWEEP_OPS=$o run $W/warm_$r$o.json > $W/warm_$r$o.log 2>&1 & done; done; wait; pack
for p in 1 2; do for r in 0 1; do T=120 SWEEP_RES=$r run $W/r${r}_$p.json > $W/r${r}_$p.log 2>&1; pack; done; done
for f in $W/r*_*.log; do echo "== $f"; grep -v NVIDIA $f | cut -c1-90; done; echo SECONDS $SECONDS
