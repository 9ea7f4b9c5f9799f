# v0.47 call 4 (H100): the group path's backward tiles at UNet 1280 16x1280x16x16 (Cg 40 x
# S 256: 8 x 256 tiles on 4 warps, five tiles a group, 512 programs; the contiguous
# backward at 62% of copy in v0.46 call 9): larger tiles with lanes left unused, by
# GROUP_TILE_USE / GROUP_TILE_BWD: 16 x 256 on 8 warps (T16: use 0.8), 32 x 256 on 16
# warps (T32: use 0.6; capped at 64 registers in 16-bit), one tile of 64 x 256 on 32 warps
# (T64: GROUP_TILE_BWD 16384, use 0.6). sweep_groupnorm.py, contiguous, GPU time, alternated
# twice in one process per dtype / activation (bf16, fp16, bf16 silu, fp32); 16x1280x8x8
# (one tile of 64 x 64 either way) as a control.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v47c4; }
nvidia-smi -L > $W/gpus.txt
T16='{"GROUP_TILE_USE": 0.8}'
T32='{"GROUP_TILE_USE": 0.6}'
T64='{"GROUP_TILE_BWD": 16384, "GROUP_TILE_USE": 0.6}'
for v in "bfloat16 none" "float16 none" "bfloat16 silu" "float32 none"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 110 python benchmarks/sweep_groupnorm.py $W/gt_$1_$2.json --cases unet1280,unet1280s --layouts nc --no-torch --dtype $1 $A --settings "[{}, $T16, $T32, $T64, {}, $T16, $T32, $T64]" > $W/gt_$1_$2.log 2>&1
  grep -v "^\s*$" $W/gt_$1_$2.log | tail -17; pack
done
echo SECONDS $SECONDS
