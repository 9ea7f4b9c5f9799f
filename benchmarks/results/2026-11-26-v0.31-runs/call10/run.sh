# v0.31 call 10 (H100): the 2M backward on LONG_BWD (the library's tables) with the
# backward's flags forced by their A/B knobs: the replay's first loads evict_last
# (FUSEDNORM_LOAD_EVICT), dx stores evict_first (FUSEDNORM_DX_EVICT), statistics a step
# ahead (FUSEDNORM_STATS_AHEAD), w held (FUSEDNORM_HOLD_W, row norms); a) sweep_coop.py,
# the row norms at N = 2M, bf16 / fp32; b) sweep_gn_bwd.py, InstanceNorm 2x32x128^3, bf16 /
# fp32; GPU time, one process per variant.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v31c10; }
S="SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=2097152"
G="GNB_SHAPES=in3d_32 GNB_DTYPES=bf16,fp32 GNB_ACTS=none GNB_CONFIGS_2=default GNB_CONFIGS_4=default"
VARS=("base X=1" "le FUSEDNORM_LOAD_EVICT=evict_last" "dx FUSEDNORM_DX_EVICT=evict_first" "sa FUSEDNORM_STATS_AHEAD=1" "hw FUSEDNORM_HOLD_W=1")
for v in "${VARS[@]}"; do
  set -- $v; tag=$1; shift
  SWEEP_WARM=1 env $S "$@" timeout 250 python benchmarks/sweep_coop.py $W/warm_r_$tag.json > $W/warm_r_$tag.log 2>&1 &
  env $G GNB_WARM=1 "$@" timeout 250 python benchmarks/sweep_gn_bwd.py $W/warm_g_$tag.json > $W/warm_g_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for v in "${VARS[@]}"; do
  set -- $v; tag=$1; shift
  env $S "$@" timeout 60 python benchmarks/sweep_coop.py $W/r_$tag.json > $W/r_$tag.log 2>&1
  env $G "$@" timeout 60 python benchmarks/sweep_gn_bwd.py $W/g_$tag.json > $W/g_$tag.log 2>&1; pack
done
grep -H " bwd N=" $W/r_*.log
grep -H "%" $W/g_*.log
echo SECONDS $SECONDS
