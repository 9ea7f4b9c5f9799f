# v0.40 call 15 (H100): before building it, the rows-path backward on slices of 1024 where
# GroupNorm's channels hold 1024 positions (32 x 32: today's 2048-slices do not fit, so the
# group path runs): UNet 640 again (call 14: 1024 / 2 warps / 8 per SM 58.1 against 51.6),
# SDXL's 16x1280x32x32, fp32 UNet 640, with silu; and InstanceNorm 3-D 64^3 (groups of 256K,
# 512 rows) on slices of 4096 / 2 per SM, which VAE 512 (the same length, 64 rows) gained
# with (calls 10, 14: +2.4, +3.1). sweep_gn_bwd.py, GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c15; mkdir -p $W
pack() { tar czf $OUT/call15.tgz -C /tmp v40c15; }
nvidia-smi -L > $W/gpus.txt
export GNB_ROWS_ANY=1
GNB_DTYPES=bf16 GNB_ACTS=none,silu GNB_SHAPES=unet_640,unet_1280_32 GNB_CONFIGS_2="default;1024/2/8/1/1/0/1;1024/2/6/1/1/0/1;1024/4/4/1/1/0/1;default" \
  timeout 200 python benchmarks/sweep_gn_bwd.py $W/bf16.json > $W/bf16.log 2>&1
cat $W/bf16.log; pack
GNB_DTYPES=fp32 GNB_ACTS=none GNB_SHAPES=unet_640,unet_1280_32 GNB_CONFIGS_4="default;1024/2/8/1/1/0/1;1024/4/4/1/1/0/1;1024/4/5;default" \
  timeout 150 python benchmarks/sweep_gn_bwd.py $W/fp32.json > $W/fp32.log 2>&1
cat $W/fp32.log; pack
GNB_DTYPES=bf16 GNB_ACTS=none,silu GNB_SHAPES=in3d_64,vae_512 GNB_CONFIGS_2="default;4096/4/2/1/1/0/1;default" \
  timeout 150 python benchmarks/sweep_gn_bwd.py $W/g128.json > $W/g128.log 2>&1
cat $W/g128.log; pack
echo SECONDS $SECONDS
