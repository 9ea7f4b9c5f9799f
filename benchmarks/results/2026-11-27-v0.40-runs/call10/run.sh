# v0.40 call 10 (H100): GroupNorm's rows path (contiguous) at the VAE / UNet / 3-D shapes,
# bf16, configs the v0.16-v0.31 sweeps did not try with today's kernels: the L2 replay
# (1 / 2 rows deep), the L2 prefetch two steps ahead, 5 programs an SM with the replay,
# slices of 1024 on 8 per SM; forward: two rows a step, the replay, prefetch 2 ahead.
# sweep_gn_bwd.py (GPU time; config = slice/warps/pps/prefetch/rows/replay/l2).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v40c10; }
nvidia-smi -L > $W/gpus.txt
export GNB_DTYPES=bf16 GNB_ACTS=none GNB_SHAPES=vae_512,unet_320,vae_256,in3d_32,vae_128
GNB_CONFIGS_2="default;2048/4/4/1/1/1/1;2048/4/4/1/1/2/1;2048/4/4/1/1/0/2;2048/4/5/1/1/2/1;4096/4/2/1/1/0/1;1024/4/8/1/1/0/1" \
  timeout 280 python benchmarks/sweep_gn_bwd.py $W/bwd.json > $W/bwd.log 2>&1
cat $W/bwd.log; pack
GNB_MODE=fwd GNB_CONFIGS_2="default;4096/4/4/1/1/0/2;4096/4/4/1/1/1/1;2048/4/4/1/2/0/1;8192/8/2/1/1/0/1;2048/4/8/1/1/0/1" \
  timeout 250 python benchmarks/sweep_gn_bwd.py $W/fwd.json > $W/fwd.log 2>&1
cat $W/fwd.log; pack
echo SECONDS $SECONDS
