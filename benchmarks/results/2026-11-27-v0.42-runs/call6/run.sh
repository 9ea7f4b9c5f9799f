# v0.42 call 6 (H100), GPU time, forward only: UNet 1280 16x16 contiguous (groups of 40 x
# 256 on the group path, tiles of 16 x 256 on 8 warps, the third tile half masked) against
# tiles of 8 x 256 on 4 warps (GROUP_TILE_FWD 8192: five full tiles) and 4096 (the same
# tile choice, as a control), bf16 / fp16 / fp32 / bf16 silu; UNet 1280 channels_last and
# 16x1280x8x8 as controls.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v42c6; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"GROUP_TILE_FWD": 8192}, {"GROUP_TILE_FWD": 4096}]'
for v in "bfloat16 none" "float16 none" "float32 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 80 python benchmarks/sweep_groupnorm.py $W/t_$1_$2.json --no-torch --fwd-only \
    --dtype $1 $A --cases unet1280,unet1280s --settings "$S" > $W/t_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/t_$1_$2.log; pack
done
echo SECONDS $SECONDS
