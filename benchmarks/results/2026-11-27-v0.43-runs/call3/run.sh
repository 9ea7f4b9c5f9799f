# v0.43 call 3 (H100): diag_fixed.py (new): the contiguous GroupNorm forward's and
# backward's GPU time against batch size, fixed cost and per-byte slope, beside a copy's;
# the backward's kernels at one N. UNet 640 (C 640, 32x32), SDXL 1280 32x32, UNet 320;
# bf16 / fp32 / bf16 silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v43c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v43c3; }
nvidia-smi -L > $W/gpus.txt
for v in "bfloat16 640 32 32" "float32 640 32 32" "bfloat16 1280 32 32" "bfloat16 320 64 64 2,4,8,16,32" "float32 320 64 64 2,4,8,16,32"; do
  set -- $v; f=$W/f_$1_$2.log
  timeout 100 python benchmarks/diag_fixed.py $v > $f 2>&1; cat $f; pack
done
timeout 100 python benchmarks/diag_fixed.py bfloat16 640 32 32 --act silu > $W/f_silu_640.log 2>&1; cat $W/f_silu_640.log; pack
echo SECONDS $SECONDS
