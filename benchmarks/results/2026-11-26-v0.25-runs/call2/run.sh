# v0.25 call 2 (H100): the fp32 residual cells below torch.compile in v0.24's merged run
# (add_layer_norm fwd 8192x16384 0.94x, add_rms_norm fwd 32768x4096 0.98x, add_layer_norm
# bwd 262144x512 0.96x): tile and cooperative configs there, GPU time (sweep_coop.py),
# compiled first by three processes at once, then timed twice, one process at a time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
export SWEEP_DTYPES=fp32 SWEEP_RES=1
A="default;T1/4/1;T1/8/1;T1/16/1;T1/32/1;T2/16/1;T2/32/1;4096/4/4;8192/8/2;4096/8/2;2048/4/8"
B="default;T1/4/1;T1/16/1;T2/8/1;T2/16/1;T4/16/1"
C="default;t8/4/2;t4/4/2;t8/2/4;t2/2/8;t16/8/1;t8/8/1;t4/2/6;t16/4/2"
a() { SWEEP_MODES=fwd SWEEP_N=8192,16384,32768 SWEEP_FWD="$A" "$@"; }
b() { SWEEP_MODES=fwd SWEEP_N=4096 SWEEP_FWD="$B" "$@"; }
c() { SWEEP_MODES=bwd SWEEP_N=256,512 SWEEP_BWD="$C" "$@"; }
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for s in a b c; do
  SWEEP_WARM=1 SWEEP_OPS=ln $s run $W/warm_${s}_ln.json > $W/warm_${s}_ln.log 2>&1 &
  SWEEP_WARM=1 SWEEP_OPS=rms $s run $W/warm_${s}_rms.json > $W/warm_${s}_rms.log 2>&1 &
done
wait; pack
for p in 1 2; do for s in a b c; do T=150 $s run $W/${s}_$p.json > $W/${s}_$p.log 2>&1; pack; done; done
tail -n 3 $W/warm_*.log | cut -c1-150
for f in $W/[abc]_*.log; do echo "== $f"; cut -c1-110 $f; done; echo SECONDS $SECONDS
