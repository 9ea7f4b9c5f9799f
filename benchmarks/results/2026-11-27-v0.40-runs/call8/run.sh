# v0.40 call 8 (H100): the new channels_last path rules (GROUP_CL_COLS_BYTES,
# COLS_COOP_MAX_LANES_BWD) against the old ones in one process ({"GROUP_CL_COLS_BYTES": 2^40,
# "COLS_COOP_MAX_LANES_BWD": 4096}), GPU time and as called, channels_last UNet shapes, every
# dtype and bf16 silu, fusednorm and torch.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v40c8; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"GROUP_CL_COLS_BYTES": 1099511627776, "COLS_COOP_MAX_LANES_BWD": 4096}]'
for dt in bfloat16 float16 float32; do
  timeout 120 python benchmarks/sweep_groupnorm.py $W/cl_$dt.json --layouts cl \
    --cases unet1280,unet1280s,unet640,unet320 --dtype $dt --settings "$S" > $W/cl_$dt.log 2>&1
  cat $W/cl_$dt.log; pack
done
timeout 120 python benchmarks/sweep_groupnorm.py $W/cl_silu.json --layouts cl --act silu \
  --cases unet1280,unet1280s --settings "$S" > $W/cl_silu.log 2>&1
cat $W/cl_silu.log; pack
echo SECONDS $SECONDS
