# v0.42 call 9 (H100), GPU time: the contiguous backward of UNet 640 (groups of 20 x 1024)
# and SDXL's 16x1280x32x32 on the rows path's channel slices (the default) against the
# group path (ROWS_BWD off: tiles of 4 x 1024 on 8 warps at 103-128 registers, two programs
# an SM; 8 x 1024 on 16 warps, capped at 64 since call 3) and the group path with its 8-warp
# tiles capped at 64 (24-32 B spilled in 16-bit, none in fp32); bf16, fp32, bf16 silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v42c9; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"ROWS_BWD": false}, {"ROWS_BWD": false, "GROUP_BWD_CAP": [[2,16,false,64],[2,8,true,64],[4,8,true,64],[2,8,false,64],[4,8,false,64]]}]'
for v in "bfloat16 none" "float32 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 120 python benchmarks/sweep_groupnorm.py $W/b_$1_$2.json --no-torch --layouts nc \
    --dtype $1 $A --cases unet640,unet1280_32 --settings "$S" > $W/b_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/b_$1_$2.log | sed 's/fwd gpu.*| bwd/| bwd/'; pack
done
echo SECONDS $SECONDS
