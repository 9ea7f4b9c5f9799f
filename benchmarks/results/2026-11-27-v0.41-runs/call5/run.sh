# v0.41 call 5 (H100): channels_last forward, GPU time (graph_ms with its warm-up), the
# cooperative columns path's L2 budget past one 33.5 MB sample (InstanceNorm 8x64x64^3x64,
# GroupNorm 2x256x256x256 bf16: samples of 32 MiB, now on the three-launch columns path)
# and at 8 MiB samples (8x128x32^3: three rounds of three at 24 MiB).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v41c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v41c5; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"COLS_COOP_L2_BYTES": 33554432}, {"COLS_COOP_L2_BYTES": 41943040}, {"COLS_COOP_L2_BYTES": 50331648}]'
timeout 200 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl \
  --fwd-only --cases in3d64,vae256,in3d128,vae512 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
echo SECONDS $SECONDS
