# v0.22 call 1: channels_last GroupNorm / InstanceNorm, the whole tensor against the same
# kernels on batches of samples that fit an L2 budget (diag_batch.py; no code change yet).
export PYTHONUNBUFFERED=1
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
export PYTHONPATH=$PWD/src:$PWD/benchmarks
timeout 330 python benchmarks/diag_batch.py $W/bf16.json > $W/bf16.log 2>&1; pack
left=$((520 - SECONDS)); timeout $left python benchmarks/diag_batch.py $W/fp32.json --dtype float32 --cases vae512,in3d128,unet320,in2d --coop 0 > $W/fp32.log 2>&1; pack
tail -n 3 $W/*.log; echo SECONDS $SECONDS
