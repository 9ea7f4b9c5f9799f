# v0.31 call 8 (H100): a) CUDA tests of GroupNorm's rows path (ROWS_FWD_LOOP) and large
# shapes; b) sweep_gn_bwd.py, GroupNorm's rows path at VAE 256 / 128 contiguous (groups of
# 512K / 1M), bf16, none / silu: backward candidates with the replay and the 16384 slices
# (two row groups at 1M), forward candidates at VAE 256 / 512 with the L2 prefetch on
# longer slices; GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v31c8; }
B2="default;8192/16/1/1/1/1;8192/16/1/1/1/1/1;8192/8/1/1/1/1/1;16384/16/1/1/1/1/1;16384/16/1/1/1/1;4096/4/2/1/1/1/1"
F2="default;8192/8/2/1/1/0/1;16384/16/1/1/1/0/1;8192/8/1/1/1/0/1"
run() { # tag mode shapes [warm] [timeout]
  if [ $2 = fwd ]; then c2=$F2; else c2=$B2; fi
  env GNB_MODE=$2 GNB_SHAPES=$3 GNB_DTYPES=bf16 GNB_ACTS=none,silu GNB_CONFIGS_2="$c2" GNB_WARM=${4:-0} \
    timeout ${5:-250} python benchmarks/sweep_gn_bwd.py $W/$1.json > $W/$1.log 2>&1
}
run wb bwd vae_256,vae_128 1 & run wf fwd vae_256,vae_512 1 &
timeout 250 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "rows_path_gpu or large_gpu" > $W/t_gn.log 2>&1
wait; pack; echo WARM $SECONDS
run b bwd vae_256,vae_128 0 150; pack
run f fwd vae_256,vae_512 0 100; pack
grep -E "passed|failed" $W/t_gn.log
grep -h "%" $W/b.log $W/f.log
echo SECONDS $SECONDS
