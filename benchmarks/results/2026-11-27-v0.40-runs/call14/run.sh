# v0.40 call 14 (H100): GroupNorm's rows path where it does not run today: contiguous UNet
# 640 (channels of 1024: slices of 1024 only; the group path reads 52.6 / 71.1 backward /
# forward) and InstanceNorm 2-D bf16 backward (32 KB groups) on other configs; VAE 512's
# backward on slices of 4096 again (call 10: 68.7 against 66.3), with silu too.
# sweep_gn_bwd.py, GPU time, bf16 (config = slice/warps/pps/prefetch/rows/replay/l2).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c14; mkdir -p $W
pack() { tar czf $OUT/call14.tgz -C /tmp v40c14; }
nvidia-smi -L > $W/gpus.txt
export GNB_DTYPES=bf16 GNB_ROWS_ANY=1
GNB_ACTS=none GNB_SHAPES=unet_640 GNB_CONFIGS_2="default;1024/4/8/1/1/0/1;1024/2/8/1/1/0/1;1024/4/6/1/1/0/1;1024/4/4/1/2/0/1;1024/8/4/1/1/0/1;1024/4/8/1/1/2/1" \
  timeout 150 python benchmarks/sweep_gn_bwd.py $W/u640_bwd.json > $W/u640_bwd.log 2>&1
cat $W/u640_bwd.log; pack
GNB_MODE=fwd GNB_ACTS=none GNB_SHAPES=unet_640 GNB_CONFIGS_2="default;1024/4/8/1/1/0/1;1024/2/8/1/1/0/1;1024/4/4/1/2/0/1;1024/8/2/1/1/0/1" \
  timeout 120 python benchmarks/sweep_gn_bwd.py $W/u640_fwd.json > $W/u640_fwd.log 2>&1
cat $W/u640_fwd.log; pack
GNB_ROWS_ANY=0 GNB_ACTS=none GNB_SHAPES=in2d GNB_CONFIGS_2="default" \
  timeout 60 python benchmarks/sweep_gn_bwd.py $W/in2d_group.json > $W/in2d_group.log 2>&1
cat $W/in2d_group.log
GNB_ACTS=none GNB_SHAPES=in2d GNB_CONFIGS_2="default;1024/4/8/1/1/0/1;4096/4/2/1/1/0/1;2048/4/4/1/1/2/1;2048/4/5/1/1/2/1;2048/4/4/1/1/0/1" \
  timeout 150 python benchmarks/sweep_gn_bwd.py $W/in2d_bwd.json > $W/in2d_bwd.log 2>&1
cat $W/in2d_bwd.log; pack
GNB_ACTS=none,silu GNB_SHAPES=vae_512 GNB_CONFIGS_2="default;4096/4/2/1/1/0/1;default" \
  timeout 120 python benchmarks/sweep_gn_bwd.py $W/vae512_bwd.json > $W/vae512_bwd.log 2>&1
cat $W/vae512_bwd.log; pack
echo SECONDS $SECONDS
