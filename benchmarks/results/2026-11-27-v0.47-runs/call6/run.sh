# v0.47 call 6 (H100): the 16-bit group-path backward with more warps for the same tiles
# (GROUP_EPT_BWD: tile elements a thread, 16 by default): 8 (E8) and 4 (E4). UNet 1280
# 16x1280x16x16 (8 x 256 tiles: 4 warps -> 8 / 16; 512 programs, about 4 an SM) and
# 16x1280x8x8 (one 64 x 64 tile: 8 warps -> 16 / 32), both layouts (channels_last UNet
# 1280's 16-bit backward runs the columns path: a control), sweep_groupnorm.py, GPU time,
# alternated twice in one process per dtype / activation (bf16, fp16, bf16 silu).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v47c6; }
nvidia-smi -L > $W/gpus.txt
E8='{"GROUP_EPT_BWD": {"2": 8}}'
E4='{"GROUP_EPT_BWD": {"2": 4}}'
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/ept_$1_$2.json --cases unet1280,unet1280s --layouts nc,cl --no-torch --dtype $1 $A --settings "[{}, $E8, $E4, {}, $E8, $E4]" > $W/ept_$1_$2.log 2>&1
  grep -v "^\s*$" $W/ept_$1_$2.log | tail -25; pack
done
echo SECONDS $SECONDS
