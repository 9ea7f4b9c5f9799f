# v0.40 call 1 (H100): contiguous GroupNorm / InstanceNorm backward, the rows path against
# the group path where groups are shorter than ROWS_BWD_MIN (40960, measured in v0.10):
# InstanceNorm 2-D (groups of 16384) and 3-D 32^3 (32768); UNet 320 (40960, rows path
# either way) as the control. GPU time (sweep_groupnorm.py), bf16 and fp32, and bf16 silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v40c1; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"ROWS_BWD_MIN": 16384}]'
for dt in bfloat16 float32; do
  timeout 200 python benchmarks/sweep_groupnorm.py $W/rows_$dt.json --no-torch --layouts nc \
    --cases in2d,in3d128,unet320 --dtype $dt --settings "$S" > $W/rows_$dt.log 2>&1
  cat $W/rows_$dt.log; pack
done
timeout 150 python benchmarks/sweep_groupnorm.py $W/rows_silu.json --no-torch --layouts nc \
  --cases in2d,in3d128 --act silu --settings "$S" > $W/rows_silu.log 2>&1
cat $W/rows_silu.log; pack
echo SECONDS $SECONDS
