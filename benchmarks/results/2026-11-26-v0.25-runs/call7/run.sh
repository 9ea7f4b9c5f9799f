# v0.25 call 7 (H100): (a) the fp32 residual forward at 32768 as the bench runs it (the
# inference variant, no statistics: SWEEP_INFER=1, new), the table's tile against 16 warps
# and cooperative configs; (b) the inference variant of the fp32 / bf16 forward at 16384 /
# 32768 without a residual, 16 and 32 warps; (c) the fp32 add_layer_norm backward at 256 /
# 512 (0.97x compile), more tile configs. GPU time, sweep_coop.py, compiled first by
# several processes at once, then timed twice.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
A="default;T1/16/1;8192/8/2;4096/8/2;16384/16/1;8192/16/1"
B="default;T1/16/1;T1/32/1"
C="default;t4/2/8;t4/1/16;t8/4/4;t4/4/4;t2/1/16;t8/2/6;t4/2/6;t4/2/4"
a() { SWEEP_INFER=1 SWEEP_MODES=fwd SWEEP_N=32768 SWEEP_DTYPES=fp32 SWEEP_RES=1 SWEEP_FWD="$A" "$@"; }
b() { SWEEP_INFER=1 SWEEP_MODES=fwd SWEEP_N=16384,32768 SWEEP_DTYPES=fp32,bf16 SWEEP_FWD="$B" "$@"; }
c() { SWEEP_MODES=bwd SWEEP_N=256,512 SWEEP_DTYPES=fp32 SWEEP_RES=1 SWEEP_OPS=ln SWEEP_BWD="$C" "$@"; }
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for s in a b; do
  SWEEP_WARM=1 SWEEP_OPS=ln $s run $W/warm_${s}_ln.json > $W/warm_${s}_ln.log 2>&1 &
  SWEEP_WARM=1 SWEEP_OPS=rms $s run $W/warm_${s}_rms.json > $W/warm_${s}_rms.log 2>&1 &
done
SWEEP_WARM=1 c run $W/warm_c.json > $W/warm_c.log 2>&1 &
wait; pack
for p in 1 2; do for s in a b c; do T=150 $s run $W/${s}_$p.json > $W/${s}_$p.log 2>&1; pack; done; done
tail -n 2 $W/warm_*.log | cut -c1-150
for f in $W/[abc]_*.log; do echo "== $f"; cut -c1-100 $f; done; echo SECONDS $SECONDS
