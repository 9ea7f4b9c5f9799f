# v0.47 call 7 (H100): fp32 UNet 1280's group-path backward on its new 16 x 256 tiles with
# other warps (GROUP_EPT_BWD, 16 a thread: 8 warps by default): 8 a thread (16 warps, F8)
# and 32 (4 warps, F32); sweep_groupnorm.py, contiguous, GPU time, alternated twice in one
# process, fp32 none and silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v47c7; }
nvidia-smi -L > $W/gpus.txt
F8='{"GROUP_EPT_BWD": {"4": 8}}'
F32='{"GROUP_EPT_BWD": {"4": 32}}'
for v in "float32 none" "float32 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 80 python benchmarks/sweep_groupnorm.py $W/f_$1_$2.json --cases unet1280 --layouts nc --no-torch --dtype $1 $A --settings "[{}, $F8, $F32, {}, $F8, $F32]" > $W/f_$1_$2.log 2>&1
  grep -v "^\s*$" $W/f_$1_$2.log | tail -7; pack
done
echo SECONDS $SECONDS
