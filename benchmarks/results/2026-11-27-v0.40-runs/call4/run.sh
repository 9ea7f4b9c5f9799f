# v0.40 call 4 (H100): the row norms' backward at N = 5120 (a padded 8192 tile today; quack
# 99-102% with dh in fp32, ours 92-94; 16-bit LayerNorm without dh 89) on the cooperative
# path, whose slices of 1024 hold a row of 5120 in five programs with no padding.
# sweep_coop.py, GPU time, configs slice/warps/pps[/prefetch/rows/replay].
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v40c4; }
nvidia-smi -L > $W/gpus.txt
export SWEEP_MODES=bwd SWEEP_N=5120
export SWEEP_BWD="default;1024/4/4;1024/4/6;1024/2/8;1024/8/2;1024/4/4/1/1/1;1024/4/4/1/2"
SWEEP_RES=1 SWEEP_DTYPES=fp32,bf16 timeout 280 python benchmarks/sweep_coop.py $W/res.json > $W/res.log 2>&1
cat $W/res.log; pack
SWEEP_RES=0 SWEEP_DTYPES=bf16,fp32 timeout 280 python benchmarks/sweep_coop.py $W/plain.json > $W/plain.log 2>&1
cat $W/plain.log; pack
echo SECONDS $SECONDS
