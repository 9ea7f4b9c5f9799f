# v0.45 call 4 (H100): GroupNorm's rows-path forward on 16-bit slices of a channel
# (GN_FWD_CHANNEL: 1024 / 1 warp / 16 an SM) with the held row carried as int32 words
# (GN_FWD_PACK16_CONFIGS: bf16 128 -> 96 registers), and so 20 an SM (cap 96, no spill)
# or 24 (cap 80, 8-16 B spilled); forward only, contiguous, UNet 640 / 320, SDXL 1280 at
# 32 x 32, 16x256x64x64, 16x640x32x64; bf16, fp16, bf16 silu, one process each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v45c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v45c4; }
nvidia-smi -L > $W/gpus.txt
P16='{"R.GN_FWD_PACK16_CONFIGS": [[2, 1024, 1, 16]]}'
X20P='{"R.GN_FWD_CHANNEL.2": [1024, 1, 20, true, 1, 0, 1], "R.GN_FWD_PACK16_CONFIGS": [[2, 1024, 1, 20]]}'
X24P='{"R.GN_FWD_CHANNEL.2": [1024, 1, 24, true, 1, 0, 1], "R.GN_FWD_PACK16_CONFIGS": [[2, 1024, 1, 24]]}'
X20='{"R.GN_FWD_CHANNEL.2": [1024, 1, 20, true, 1, 0, 1]}'
S="[{}, $P16, $X20P, $X24P, $X20, {}, $X20P]"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/fwd_$1_$2.json --fwd-only --cases unet640,unet320,unet1280_32,p256,c2048 --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/fwd_$1_$2.log 2>&1
  sed -e 's/{"R.GN_FWD_CHANNEL.2":\[1024,1,\([0-9]*\),true,1,0,1\]}/x\1/' -e 's/{"R.GN_FWD_CHANNEL.2":\[1024,1,\([0-9]*\),true,1,0,1\],"R.GN_FWD_PACK16_CONFIGS":.*\]\]}/x\1p/' -e 's/{"R.GN_FWD_PACK16_CONFIGS":.*\]\]}/p16/' $W/fwd_$1_$2.log | grep -v "^\s*$" | tail -36; pack
done
echo SECONDS $SECONDS
