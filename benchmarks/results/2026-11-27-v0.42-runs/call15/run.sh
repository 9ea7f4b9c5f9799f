# v0.42 call 15 (H100), GPU time: UNet 640's 16-bit backward reads 61 against fp32's 75 on
# the same slices of 1024 (call 9). The 16-bit rows-path backward loads each row's mean and
# rstd a step ahead (STATS_AHEAD, measured on the table's slices, v0.26); here it off
# (R.STATS_AHEAD false) against the default, bf16 / fp16, and on for fp32: UNet 640,
# 16x1280x32x32, p256, c2048 (all on slices of 1024).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c15; mkdir -p $W
pack() { tar czf $OUT/call15.tgz -C /tmp v42c15; }
nvidia-smi -L > $W/gpus.txt
for dt in bfloat16 float16 float32; do
  S='[{}, {"R.STATS_AHEAD": false}]'; [ $dt = float32 ] && S='[{}, {"R.STATS_AHEAD": true}]'
  timeout 120 python benchmarks/sweep_groupnorm.py $W/s_$dt.json --no-torch --layouts nc \
    --dtype $dt --cases unet640,unet1280_32,p256,c2048 --settings "$S" > $W/s_$dt.log 2>&1
  echo "== $dt"; grep -v "^NVIDIA" $W/s_$dt.log | sed 's/fwd gpu.*| bwd/| bwd/'; pack
done
echo SECONDS $SECONDS
