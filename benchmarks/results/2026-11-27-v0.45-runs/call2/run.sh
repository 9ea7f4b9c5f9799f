# v0.45 call 2 (H100): the new GN_BWD_CHANNEL defaults (16-bit: 1024 / 1 warp / 12 an SM,
# terms late, words without an activation) against the former (1024 / 2 / 8, neither),
# alternated twice in one process per dtype, on the shapes whose backward takes slices of
# a channel: UNet 640 / 320, SDXL 1280 at 32 x 32, 16x256x64x64, 16x640x32x64.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v45c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v45c2; }
nvidia-smi -L > $W/gpus.txt
OLD='{"R.GN_BWD_CHANNEL": {"2": [1024, 2, 8, true, 1, 0, 1], "4": [1024, 2, 8, true, 1, 0, 1]}, "R.GN_LATE_TERMS_CONFIGS": [], "R.GN_PACK16_CONFIGS": []}'
S="[{}, $OLD, {}, $OLD]"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 170 python benchmarks/sweep_groupnorm.py $W/ab_$1_$2.json --cases unet640,unet320,unet1280_32,p256,c2048 --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/ab_$1_$2.log 2>&1
  sed -e 's/{"R.GN_BWD_CHANNEL".*\[\]}/old/' $W/ab_$1_$2.log | grep -v "^\s*$" | tail -21; pack
done
echo SECONDS $SECONDS
