# v0.40 call 16 (H100): the final rules for the contiguous GroupNorm backward (slices of one
# channel of 1024 positions, rownorm.GN_BWD_CHANNEL; slices of 2048 up to GROUP 64) against
# the old ones in one process (settings that restore them), GPU time and as called,
# sweep_groupnorm.py, contiguous: UNet 640, SDXL 1280 at 32x32, VAE 512, InstanceNorm 3-D
# 64^3, and UNet 320 / InstanceNorm 2-D (unchanged) as controls; bf16, fp32, bf16 silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c16; mkdir -p $W
pack() { tar czf $OUT/call16.tgz -C /tmp v40c16; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"ROWS_BWD_MIN_BYTES_CHANNEL": 1099511627776, "R.GN_BWD_CHANNEL": [1099511627776, 2, 8, true, 1, 0, 1], "R.GN_BWD_COOP.2": [[2048, 4, 4, true, 1, 0, 1], [4096, 4, 2, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]]}]'
timeout 200 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts nc \
  --cases unet640,unet1280_32,vae512,in3d64,unet320,in2d --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 120 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts nc \
  --cases unet640,unet1280_32 --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
timeout 150 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts nc --act silu \
  --cases unet640,unet1280_32,in3d64 --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
echo SECONDS $SECONDS
