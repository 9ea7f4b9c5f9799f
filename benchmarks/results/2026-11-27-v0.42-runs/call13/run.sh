# v0.42 call 13 (H100), GPU time: GN_BWD_CHANNEL_FIRST as taken (16-bit GroupNorm rows of
# several channels, at most 64 slices of 1024: GN_BWD_CHANNEL first) against it off, and
# the forward's counterpart (GN_FWD_CHANNEL_FIRST {2: 64}: 1024 on 1 warp, 16 an SM, first)
# as a trial; bf16 / fp16 / bf16 silu: UNet 320, p256, c2048, c3072, UNet 640, InstanceNorm
# 8x128x32^3 (unaffected: control). (Call 12 ran this with a sweep bug: only its first setting timed.)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp v42c13; }
nvidia-smi -L > $W/gpus.txt
S='[{"R.GN_BWD_CHANNEL_FIRST": null}, {}, {"R.GN_FWD_CHANNEL_FIRST": {"2": 64}}]'
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/s_$1_$2.json --no-torch --layouts nc \
    --dtype $1 $A --cases unet320,p256,c2048,c3072,unet640,in3d128 --settings "$S" > $W/s_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/s_$1_$2.log; pack
done
echo SECONDS $SECONDS
