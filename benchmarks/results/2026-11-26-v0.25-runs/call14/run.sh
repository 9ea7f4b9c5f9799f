# v0.25 call 14 (H100): the 16-bit backward at 12288 (80.7-89% in the merged run; the
# table's cooperative path, 6 programs a row) on the tile path instead: two tiles (8192 +
# 4096) or the padded 16384 tile, 16 / 32 warps; and 16384 on the tile; with and without
# dh, bf16; GPU time (sweep_coop.py), compiled first by four processes at once, then
# timed twice.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c14; mkdir -p $W
pack() { tar czf $OUT/call14.tgz -C /tmp c14; }
export SWEEP_MODES=bwd SWEEP_N=12288,16384 SWEEP_DTYPES=bf16
export SWEEP_BWD="default;t1/16/1;t1/32/1;T1/16/1;T1/32/1;t2/32/1"
run() { timeout ${T:-240} python benchmarks/sweep_coop.py "$@"; }
for r in 0 1; do for o in ln rms; do SWEEP_WARM=1 SWEEP_RES=$r SWEEP_OPS=$o run $W/warm_$r$o.json > $W/warm_$r$o.log 2>&1 & done; done; wait; pack
for p in 1 2; do for r in 0 1; do T=150 SWEEP_RES=$r run $W/r${r}_$p.json > $W/r${r}_$p.log 2>&1; pack; done; done
tail -n 2 $W/warm_*.log | cut -c1-120
for f in $W/r*_*.log; do echo "== $f"; grep -v NVIDIA $f | cut -c1-90; done; echo SECONDS $SECONDS
