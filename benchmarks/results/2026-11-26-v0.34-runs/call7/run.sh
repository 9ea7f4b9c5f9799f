# v0.34 call 7 (H100): the fp32 backward with a residual (dh), where quack led in calls 5-6
# (add_layer_norm fp32 5120 / 8192 / 12288 / 16384: quack 99 / 98 / 100 / 98% of copy
# against 92 / 96 / 95 / 96; add_rms_norm fp32 5120: 102 against 94). GPU time
# (sweep_coop.py): the library's config against other tile configs at 5120 / 8192
# (T rows/warps/pps: one padded tile; t: two tiles), with dh's L2 prefetch forced on in
# a second set, and other cooperative configs at 12288 / 16384.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v34c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v34c7; }
T="default;T1/8/1;T1/16/1;T2/8/1;T2/16/1;t1/8/1;t1/16/1;T1/32/1;T2/32/1"
C="default;2048/4/4/1/1/1;2048/4/4/1/1/0;4096/4/2/1/1/1;4096/8/1/1/1/1;4096/8/1/1/1/0;2048/8/2/1/1/1;4096/8/2/1/1/1"
common="SWEEP_MODES=bwd SWEEP_RES=1 SWEEP_DTYPES=fp32"
i=0
for op in ln rms; do
  (env $common SWEEP_WARM=1 SWEEP_OPS=$op SWEEP_N=5120,8192 SWEEP_BWD="$T" timeout 240 python benchmarks/sweep_coop.py $W/w$op.t.json > $W/w$op.t.log 2>&1) &
  (env $common SWEEP_WARM=1 SWEEP_DH_L2=1 SWEEP_OPS=$op SWEEP_N=5120,8192 SWEEP_BWD="$T" timeout 240 python benchmarks/sweep_coop.py $W/w$op.tl2.json > $W/w$op.tl2.log 2>&1) &
  (env $common SWEEP_WARM=1 SWEEP_OPS=$op SWEEP_N=12288,16384 SWEEP_BWD="$C" timeout 240 python benchmarks/sweep_coop.py $W/w$op.c.json > $W/w$op.c.log 2>&1) &
done
wait; echo warm $SECONDS
for p in a b; do
  env $common SWEEP_N=5120,8192 SWEEP_BWD="$T" timeout 90 python benchmarks/sweep_coop.py $W/t_$p.json > $W/t_$p.log 2>&1; pack
  env $common SWEEP_DH_L2=1 SWEEP_N=5120,8192 SWEEP_BWD="$T" timeout 90 python benchmarks/sweep_coop.py $W/tl2_$p.json > $W/tl2_$p.log 2>&1; pack
  env $common SWEEP_N=12288,16384 SWEEP_BWD="$C" timeout 90 python benchmarks/sweep_coop.py $W/c_$p.json > $W/c_$p.log 2>&1; pack
done
cat $W/t_a.log $W/t_b.log $W/tl2_a.log $W/tl2_b.log $W/c_a.log $W/c_b.log | grep -v "^$" | grep -v "^NVIDIA" | tail -150
echo SECONDS $SECONDS
