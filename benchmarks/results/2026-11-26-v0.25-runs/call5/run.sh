# v0.25 call 5 (H100): more cells just below torch.compile in the merged run, tile configs
# there, GPU time (sweep_coop.py), compiled first by six processes at once, then timed
# twice: fp32 LayerNorm / RMSNorm forward at 8192 / 16384 (0.986-0.993x), bf16 / fp32
# RMSNorm forward at 12288 (0.987x bf16), fp32 add_rms_norm / add_layer_norm backward at
# 8192 (0.988x).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
A="default;T1/8/1;T1/16/1;T1/32/1;T2/32/1"
B="default;t1/8/1;t1/16/1;T1/8/1;T1/32/1"
C="default;t1/8/1;t1/16/1;t1/32/1;t2/16/1;t1/16/2"
a() { SWEEP_MODES=fwd SWEEP_N=8192,16384 SWEEP_DTYPES=fp32 SWEEP_FWD="$A" "$@"; }
b() { SWEEP_MODES=fwd SWEEP_N=12288 SWEEP_DTYPES=bf16,fp32 SWEEP_FWD="$B" "$@"; }
c() { SWEEP_MODES=bwd SWEEP_N=8192 SWEEP_DTYPES=fp32 SWEEP_RES=1 SWEEP_BWD="$C" "$@"; }
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for s in a c; do
  SWEEP_WARM=1 SWEEP_OPS=ln $s run $W/warm_${s}_ln.json > $W/warm_${s}_ln.log 2>&1 &
  SWEEP_WARM=1 SWEEP_OPS=rms $s run $W/warm_${s}_rms.json > $W/warm_${s}_rms.log 2>&1 &
done
SWEEP_WARM=1 SWEEP_OPS=rms SWEEP_DTYPES=bf16 b run $W/warm_b_b.json > $W/warm_b_b.log 2>&1 &
SWEEP_WARM=1 SWEEP_OPS=rms SWEEP_DTYPES=fp32 b run $W/warm_b_f.json > $W/warm_b_f.log 2>&1 &
wait; pack
for p in 1 2; do
  T=150 a run $W/a_$p.json > $W/a_$p.log 2>&1; pack
  T=100 SWEEP_OPS=rms b run $W/b_$p.json > $W/b_$p.log 2>&1; pack
  T=150 c run $W/c_$p.json > $W/c_$p.log 2>&1; pack
done
tail -n 2 $W/warm_*.log | cut -c1-150
for f in $W/[abc]_*.log; do echo "== $f"; cut -c1-100 $f; done; echo SECONDS $SECONDS
