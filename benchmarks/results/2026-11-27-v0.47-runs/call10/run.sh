# v0.47 call 10 (H100): benchmarks/diag_affine.py (new): the rows-path forward at 64 rows of
# 262144 as 16 channels a row (VAE 512, AFFINE 2) against one channel a row (2x32x512x512
# G32 and InstanceNorm 1x64x64^3, AFFINE 1), with and without w, b; bf16 and fp16, two
# rounds each. A probe for v0.47's lead 1 (no code change).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v47c10; }
nvidia-smi -L > $W/gpus.txt
for d in bfloat16 float16; do
  timeout 120 python benchmarks/diag_affine.py --dtype $d > $W/affine_$d.log 2>&1; cat $W/affine_$d.log; pack
done
echo SECONDS $SECONDS
