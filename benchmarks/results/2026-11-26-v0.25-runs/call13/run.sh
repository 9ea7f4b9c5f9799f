# v0.25 call 13 (H100): the 16-bit backward at 5120 (81-89% in the merged run, under
# issue 6's 90%): two tiles (4096 + 1024) and the padded 8192 tile, rows / warps /
# programs per SM, with and without dh, bf16; GPU time (sweep_coop.py), compiled first by
# four processes at once, then timed twice.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp c13; }
export SWEEP_MODES=bwd SWEEP_N=5120 SWEEP_DTYPES=bf16
export SWEEP_BWD="default;t1/4/2;t1/8/1;t2/8/1;t1/8/2;t2/16/1;t1/16/1;T1/8/1;T1/16/1;T2/16/1;t1/4/3"
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for r in 0 1; do for o in ln rms; do SWEEP_WARM=1 SWEEP_RES=$r SWEEP_OPS=$o run $W/warm_$r$o.json > $W/warm_$r$o.log 2>&1 & done; done; wait; pack
for p in 1 2; do for r in 0 1; do T=150 SWEEP_RES=$r run $W/r${r}_$p.json > $W/r${r}_$p.log 2>&1; pack; done; done
for f in $W/r*_*.log; do echo "== $f"; grep -v NVIDIA $f | cut -c1-90; done; echo SECONDS $SECONDS
