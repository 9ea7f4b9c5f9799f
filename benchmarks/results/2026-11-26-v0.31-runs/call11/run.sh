# v0.31 call 11 (H100): the long-row backward's policies (GN_REPLAY_EVICT_CONFIGS, fp32
# RMSNorm's dx at 2M) as committed: a) CUDA tests (rows path, long rows); b) sweep_gn_bwd.py
# InstanceNorm 2x32x128^3 bf16 / fp32, none / silu, library against FUSEDNORM_LOAD_EVICT=none,
# two processes; c) sweep_coop.py at 2M, library against FUSEDNORM_DX_EVICT=none / evict_first,
# two processes; d) the bench as called, instance_norm 2x32x128^3, every dtype and mode.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v31c11; }
S="SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=2097152"
G="GNB_SHAPES=in3d_32 GNB_DTYPES=bf16,fp32 GNB_ACTS=none,silu GNB_CONFIGS_2=default GNB_CONFIGS_4=default"
env $G GNB_WARM=1 timeout 200 python benchmarks/sweep_gn_bwd.py $W/warm_g.json > $W/warm_g.log 2>&1 &
env $G GNB_WARM=1 FUSEDNORM_LOAD_EVICT=none timeout 200 python benchmarks/sweep_gn_bwd.py $W/warm_g0.json > $W/warm_g0.log 2>&1 &
SWEEP_WARM=1 env $S timeout 200 python benchmarks/sweep_coop.py $W/warm_r.json > $W/warm_r.log 2>&1 &
SWEEP_WARM=1 env $S FUSEDNORM_DX_EVICT=none timeout 200 python benchmarks/sweep_coop.py $W/warm_r0.json > $W/warm_r0.log 2>&1 &
timeout 250 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py tests/test_rownorm.py -k "rows_path_gpu or million_row_gpu or long_row" > $W/t.log 2>&1
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  env $G timeout 60 python benchmarks/sweep_gn_bwd.py $W/g_lib_$p.json > $W/g_lib_$p.log 2>&1
  env $G FUSEDNORM_LOAD_EVICT=none timeout 60 python benchmarks/sweep_gn_bwd.py $W/g_none_$p.json > $W/g_none_$p.log 2>&1
  env $S timeout 60 python benchmarks/sweep_coop.py $W/r_lib_$p.json > $W/r_lib_$p.log 2>&1
  env $S FUSEDNORM_DX_EVICT=none timeout 60 python benchmarks/sweep_coop.py $W/r_none_$p.json > $W/r_none_$p.log 2>&1
  env $S FUSEDNORM_DX_EVICT=evict_first timeout 60 python benchmarks/sweep_coop.py $W/r_ef_$p.json > $W/r_ef_$p.log 2>&1; pack
done
timeout -s INT 100 python -m fusednorm.bench --suite groups --kind sweep --providers fusednorm --op instance_norm --shape 2x32x128x128x128 --out $W/b_in > $W/b_in.log 2>&1
rm -f $W/*/*.png; pack
grep -E "passed|failed" $W/t.log
grep -H "%" $W/g_*.log
grep -H " bwd N=" $W/r_*.log
grep -E "^groups" $W/b_in.log
echo SECONDS $SECONDS
