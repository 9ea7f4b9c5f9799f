# v0.45 call 6 (H100): GN_BWD_CHANNEL's 16-bit entry at 12 (the new default), 13 and 14
# programs an SM (1 warp, terms late, words; capped at 168 / 152 / 144 registers, none
# spilled on CPU), alternated, one process per dtype: UNet 640 / 320, SDXL 1280 at
# 32 x 32, 16x256x64x64, 16x640x32x64; bf16, fp16, bf16 silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v45c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v45c6; }
nvidia-smi -L > $W/gpus.txt
X() { echo "{\"R.GN_BWD_CHANNEL.2\": [1024, 1, $1, true, 1, 0, 1], \"R.GN_LATE_TERMS_CONFIGS\": [[2, 1024, 1, $1]], \"R.GN_PACK16_CONFIGS\": [[2, 1024, 1, $1]]}"; }
S="[{}, $(X 14), $(X 13), {}, $(X 14)]"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/ab_$1_$2.json --cases unet640,unet320,unet1280_32,p256,c2048 --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/ab_$1_$2.log 2>&1
  sed -e 's/{"R.GN_BWD_CHANNEL.2":\[1024,1,\([0-9]*\),true,1,0,1\].*\]\]}/x\1/' $W/ab_$1_$2.log | grep -v "^\s*$" | tail -26; pack
done
echo SECONDS $SECONDS
