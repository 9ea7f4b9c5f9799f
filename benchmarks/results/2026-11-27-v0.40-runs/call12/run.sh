# v0.40 call 12 (H100): the columns backward's tile (COLS_TILE_BWD 2048) and shorter chunks
# (COLS_MIN_STEPS 4), which gained at 16x1280x16x16 (call 11), at every channels_last shape
# whose backward takes the columns path: the VAE / 3-D shapes (samples over the cooperative
# budget), UNet 1280, and UNet 320 / 640 with silu. GPU time, sweep_groupnorm.py, bf16.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp v40c12; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"COLS_TILE_BWD": 2048}, {"COLS_MIN_STEPS": 4}, {"COLS_TILE_BWD": 2048, "COLS_MIN_STEPS": 4}]'
timeout 300 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl \
  --cases unet1280,vae512,vae256,vae128,in3d64,in3d32,in3d128 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 200 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl --act silu \
  --cases unet1280,unet640,unet320,in2d --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
echo SECONDS $SECONDS
