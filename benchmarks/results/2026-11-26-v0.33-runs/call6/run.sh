# v0.33 call 6 (H100): issue 6's 1M backward cells under 85%, GPU time (sweep_coop.py):
# add_layer_norm 16-bit (a residual: dh) and fp32 rms_norm, the library's config against
# other cooperative schedules (slice / warps / per SM / prefetch / rows / replay).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v33c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v33c6; }
LN="default;4096/4/2/1/1/0;4096/4/2/1/1/1;4096/4/2/1/1/2;8192/8/1/1/1/1;8192/8/1/1/1/2;8192/16/1/1/1/2;2048/4/4/1/1/1;16384/16/1/1/1/1"
RMS="default;4096/4/2/1/1/1;4096/8/1/1/1/1;8192/16/1/1/1/1;8192/8/1/1/1/1;16384/16/1/1/1/1;16384/32/1/1/1/1"
common="SWEEP_MODES=bwd SWEEP_N=1048576"
(env $common SWEEP_WARM=1 SWEEP_RES=1 SWEEP_OPS=ln SWEEP_DTYPES=bf16 SWEEP_BWD="$LN" timeout 250 python benchmarks/sweep_coop.py $W/w1.json > $W/w1.log 2>&1) &
(env $common SWEEP_WARM=1 SWEEP_RES=1 SWEEP_OPS=ln SWEEP_DTYPES=fp16 SWEEP_BWD="$LN" timeout 250 python benchmarks/sweep_coop.py $W/w2.json > $W/w2.log 2>&1) &
(env $common SWEEP_WARM=1 SWEEP_OPS=rms SWEEP_DTYPES=fp32 SWEEP_BWD="$RMS" timeout 250 python benchmarks/sweep_coop.py $W/w3.json > $W/w3.log 2>&1) &
wait
for p in a b; do
  env $common SWEEP_RES=1 SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp16 SWEEP_BWD="$LN" timeout 100 python benchmarks/sweep_coop.py $W/ln_$p.json > $W/ln_$p.log 2>&1; pack
  env $common SWEEP_OPS=rms SWEEP_DTYPES=fp32 SWEEP_BWD="$RMS" timeout 80 python benchmarks/sweep_coop.py $W/rms_$p.json > $W/rms_$p.log 2>&1; pack
done
cat $W/ln_a.log $W/ln_b.log $W/rms_a.log $W/rms_b.log | grep -v "^$" | tail -60
echo SECONDS $SECONDS
