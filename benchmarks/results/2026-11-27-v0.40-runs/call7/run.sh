# v0.40 call 7 (H100): channels_last UNet 1280 (16x16 and 8x8) in fp16, fp32 and bf16 with
# silu: the group path (default) against the cooperative columns paths and the three-launch
# columns path (call 6 had bf16 UNet 1280 16x16 forward 32.3 -> 41.8 cooperative, backward
# 28.8 -> 42.8 columns). GPU time, sweep_groupnorm.py, the settings of call 6.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v40c7; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"GROUP_MIN_WAVES": 1000000}, {"COLS_COOP": false, "COLS_COOP_BWD": 0}, {"GROUP_MIN_WAVES": 1000000, "COLS_COOP": false, "COLS_COOP_BWD": 0}]'
for dt in float16 float32; do
  timeout 150 python benchmarks/sweep_groupnorm.py $W/cl_$dt.json --no-torch --layouts cl \
    --cases unet1280,unet1280s --dtype $dt --settings "$S" > $W/cl_$dt.log 2>&1
  cat $W/cl_$dt.log; pack
done
timeout 150 python benchmarks/sweep_groupnorm.py $W/cl_silu.json --no-torch --layouts cl \
  --cases unet1280,unet1280s --act silu --settings "$S" > $W/cl_silu.log 2>&1
cat $W/cl_silu.log; pack
timeout 150 python benchmarks/sweep_groupnorm.py $W/cl_silu32.json --no-torch --layouts cl \
  --cases unet1280 --act silu --dtype float32 --settings "$S" > $W/cl_silu32.log 2>&1
cat $W/cl_silu32.log; pack
echo SECONDS $SECONDS
