# v0.45 call 1 (H100): GroupNorm's rows-path backward on slices of a channel
# (GN_BWD_CHANNEL) on 1 warp: 12 or 16 programs an SM, the held row's terms after the
# wait (GN_LATE_TERMS_CONFIGS) and the held row carried as int32 words (GN_PACK16_CONFIGS),
# against the default (2 warps, 8 an SM); UNet 640 and UNet 320, contiguous, bf16, fp16 and
# bf16 silu, one process each, the default and the packed 1 x 12 run twice.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v45c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v45c1; }
nvidia-smi -L > $W/gpus.txt
C12='"R.GN_BWD_CHANNEL": [1024, 1, 12, true, 1, 0, 1]'
C16='"R.GN_BWD_CHANNEL": [1024, 1, 16, true, 1, 0, 1]'
L12='"R.GN_LATE_TERMS_CONFIGS": [[2, 1024, 1, 12]]'; P12='"R.GN_PACK16_CONFIGS": [[2, 1024, 1, 12]]'
L16='"R.GN_LATE_TERMS_CONFIGS": [[2, 1024, 1, 16]]'; P16='"R.GN_PACK16_CONFIGS": [[2, 1024, 1, 16]]'
S="[{}, {$C12, $L12, $P12}, {$C12, $L12}, {$C12}, {$C16, $L16, $P16}, {$C16, $L16}, {}, {$C12, $L12, $P12}]"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 170 python benchmarks/sweep_groupnorm.py $W/ab_$1_$2.json --cases unet640,unet320 --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/ab_$1_$2.log 2>&1
  sed -e 's/"R.GN_BWD_CHANNEL":\[1024,1,\([0-9]*\),true,1,0,1\]/x\1/' -e 's/"R.GN_LATE_TERMS_CONFIGS":\[\[[0-9,]*\]\]/late/' -e 's/"R.GN_PACK16_CONFIGS":\[\[[0-9,]*\]\]/pack/' $W/ab_$1_$2.log | grep -v "^\s*$" | tail -20; pack
done
echo SECONDS $SECONDS
