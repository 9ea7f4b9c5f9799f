# v0.42 call 4 (H100), GPU time: the group path's 8-warp launches capped at 64 registers
# (4 programs an SM: one wave of 528 for the 512 groups of 16x1280), forward (16-bit
# one-tile, fp32 one-tile and multi-tile) and backward (one-tile), against the call 3
# caps only: 16x1280x8x8 (one tile of 64 x 64) both layouts, UNet 1280 16x16 (fp32's
# multi-tile forward at 89-91 registers uncapped), bf16 / fp16 / fp32, bf16 / fp32 silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v42c4; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"GROUP_FWD_CAP": [[2,32,true,32],[2,8,true,64],[4,8,true,64],[4,8,false,64]], "GROUP_BWD_CAP": [[2,16,false,64],[2,8,true,64],[4,8,true,64]]}]'
for v in "bfloat16 none" "float16 none" "float32 none" "bfloat16 silu" "float32 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 100 python benchmarks/sweep_groupnorm.py $W/cap8_$1_$2.json --no-torch \
    --dtype $1 $A --cases unet1280s,unet1280 --settings "$S" > $W/cap8_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/cap8_$1_$2.log; pack
done
echo SECONDS $SECONDS
