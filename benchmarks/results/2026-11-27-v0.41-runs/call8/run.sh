# v0.41 call 8 (H100): the channel-slice forward's rule (ROWS_FWD_CHANNEL_MIN_BYTES, per
# element size GN_FWD_CHANNEL) against it off, one process per dtype / activation, GPU time,
# contiguous forward: UNet 640, 16x1280x32x32, 16x512x32x32, 16x256x64x64 (whose 64 KB bf16
# groups now leave the group path for the table's slices of 4096); then the rows-path,
# channel-slice, CUDA-graph and repeated-run tests of test_groupnorm.py on the GPU.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v41c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v41c8; }
nvidia-smi -L > $W/gpus.txt
S='[{"ROWS_FWD_CHANNEL_MIN_BYTES": null}, {}]'
C=unet640,unet1280_32,p512,p256
for v in "bfloat16 none" "float32 none" "float16 none" "bfloat16 silu" "float32 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 80 python benchmarks/sweep_groupnorm.py $W/$1_$2.json --no-torch --layouts nc \
    --fwd-only --dtype $1 $A --cases $C --settings "$S" > $W/$1_$2.log 2>&1
  echo "== $1 $2"; cat $W/$1_$2.log; pack
done
timeout 240 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py \
  -k "rows or channel or cuda_graph or repeated" > $W/tests.log 2>&1; tail -3 $W/tests.log; pack
echo SECONDS $SECONDS
