# v0.41 call 7 (H100): GroupNorm's contiguous forward on cooperative slices of a channel
# (ROWS_FWD_CHANNEL_MIN_BYTES; rownorm.GN_FWD_CHANNEL) against the group path, channels of
# 32 x 32 positions: UNet 640, 16x1280x32x32, p512 (16x512x32x32); slice configs 1024 on
# 2 warps 8 an SM (the backward's), 2 / 6, 4 / 4; bf16, fp32, bf16 silu; GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v41c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v41c7; }
nvidia-smi -L > $W/gpus.txt
ON='"ROWS_FWD_CHANNEL_MIN_BYTES": 0'
S="[{}, {$ON}, {$ON, \"R.GN_FWD_CHANNEL\": [1024, 2, 6, true, 1, 0, 1]}, {$ON, \"R.GN_FWD_CHANNEL\": [1024, 4, 4, true, 1, 0, 1]}, {$ON, \"R.GN_FWD_CHANNEL\": [1024, 1, 16, true, 1, 0, 1]}]"
C=unet640,unet1280_32,p512
timeout 150 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts nc --fwd-only \
  --cases $C --settings "$S" > $W/bf16.log 2>&1; cat $W/bf16.log; pack
timeout 120 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts nc --fwd-only \
  --dtype float32 --cases $C --settings "$S" > $W/fp32.log 2>&1; cat $W/fp32.log; pack
timeout 90 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts nc --fwd-only \
  --act silu --cases $C --settings "[{}, {$ON}]" > $W/silu.log 2>&1; cat $W/silu.log; pack
echo SECONDS $SECONDS
