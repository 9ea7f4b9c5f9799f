# v0.42 call 1 (H100): (1) the group path's SHIFT cost per dtype (diag_shift.py: the rule,
# forced off, forced on; p512 / UNet 1280 / 16x1280x8x8, both layouts, fp16 / bf16 / fp32);
# (2) the contiguous forward's channel-slice rule at channels of 2048 and 3072 positions
# (c2048, c3072) against it off, bf16 / fp16 / fp32, GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v42c1; }
nvidia-smi -L > $W/gpus.txt
timeout 150 python benchmarks/diag_shift.py > $W/shift.log 2>&1; cat $W/shift.log; pack
timeout 60 python benchmarks/diag_shift.py --act silu --cases p512,unet1280 --dtypes float16,bfloat16 \
  > $W/shift_silu.log 2>&1; cat $W/shift_silu.log; pack
S='[{"ROWS_FWD_CHANNEL_MIN_BYTES": null}, {}]'
for dt in bfloat16 float16 float32; do
  timeout 80 python benchmarks/sweep_groupnorm.py $W/ch_$dt.json --no-torch --layouts nc \
    --fwd-only --dtype $dt --cases c2048,c3072,unet640 --settings "$S" > $W/ch_$dt.log 2>&1
  echo "== $dt"; cat $W/ch_$dt.log; pack
done
echo SECONDS $SECONDS
