# v0.31 call 6 (H100): the long-row tables (commit "rows longer than 8192 x SMs").
# a) CUDA tests: test_million_row_gpu (1M, 2M), test_long_row_configs, GroupNorm's rows
#    path (groups of 2M new); b) sweep_coop.py at N = 2M with a residual / dh: the forward's
#    FWD_COOP against the L2 prefetch, the backward's loop path against the 16384 replay;
# c) sweep_groupnorm.py, InstanceNorm 2x32x128^3 contiguous, bf16 / fp32: the tree before
#    the tables (old_src, untracked copy of the parent commit) against this one, GPU time
#    and as called; d) the bench as called, instance_norm at that shape, every dtype and mode.
export PYTHONUNBUFFERED=1
W=/tmp/v31c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v31c6; }
S="SWEEP_MODES=fwd,bwd SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=2097152 SWEEP_RES=1"
SF="default;16384/16/1/1/1/0/1"
SB="default;16384/16/1/1/1/1;16384/16/1/1/1/1/1"
PYTHONPATH=$PWD/src SWEEP_WARM=1 env $S SWEEP_FWD="$SF" SWEEP_BWD="$SB" timeout 250 python benchmarks/sweep_coop.py $W/warm_rows.json > $W/warm_rows.log 2>&1 &
for d in bfloat16 float32; do
  PYTHONPATH=$PWD/old_src/src timeout 250 python benchmarks/sweep_groupnorm.py $W/gw_old_$d.json --cases in3d32 --layouts nc --dtype $d --warm --no-torch > $W/gw_old_$d.log 2>&1 &
  PYTHONPATH=$PWD/src timeout 250 python benchmarks/sweep_groupnorm.py $W/gw_new_$d.json --cases in3d32 --layouts nc --dtype $d --warm --no-torch > $W/gw_new_$d.log 2>&1 &
done
PYTHONPATH=$PWD/src timeout 250 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "million_row_gpu or long_row" > $W/t_rows.log 2>&1
PYTHONPATH=$PWD/src timeout 200 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "rows_path_gpu" > $W/t_gn.log 2>&1
wait; pack; echo TESTS $SECONDS
PYTHONPATH=$PWD/src env $S SWEEP_FWD="$SF" SWEEP_BWD="$SB" timeout 100 python benchmarks/sweep_coop.py $W/rows.json > $W/rows.log 2>&1; pack
for d in bfloat16 float32; do
  for t in old new; do
    if [ $t = old ]; then P=$PWD/old_src/src; else P=$PWD/src; fi
    PYTHONPATH=$P timeout 80 python benchmarks/sweep_groupnorm.py $W/g_${t}_$d.json --cases in3d32 --layouts nc --dtype $d --no-torch > $W/g_${t}_$d.log 2>&1; pack
  done
done
echo SWEEPS $SECONDS
PYTHONPATH=$PWD/src timeout -s INT 120 python -m fusednorm.bench --suite groups --kind sweep --providers fusednorm --op instance_norm --shape 2x32x128x128x128 --out $W/b_in > $W/b_in.log 2>&1
rm -f $W/*/*.png; pack
grep -E "passed|failed" $W/t_*.log
grep -E " (fwd|bwd) N=" $W/rows.log
grep -h "in3d32" $W/g_*.log
grep -E "^groups" $W/b_in.log | head -20
echo SECONDS $SECONDS
