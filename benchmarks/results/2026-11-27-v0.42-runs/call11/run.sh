# v0.42 call 11 (H100), GPU time: call 10 found slices of 1024 (2 warps, 8 an SM) ahead of
# the table's 2048 (4 warps, 4 an SM) in the 16-bit GroupNorm backward at channels of 2048.
# Here GN_BWD_COOP[2] with (1024, 2, 8) first for rows of at most 64 slices, against the
# default, bf16 / fp16 / bf16 silu: UNet 320 (rows of 40960), c2048, p256 (32768),
# InstanceNorm 8x128x32^3 (32768), UNet 640 and 16x1280x32x32 (controls: 1024 already).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v42c11; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"R.GN_BWD_COOP.2": [[1024, 2, 8, true, 1, 0, 1, 1, 64], [2048, 4, 4, true, 1, 0, 1, 1, 64], [4096, 4, 2, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]]}]'
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/s_$1_$2.json --no-torch --layouts nc \
    --dtype $1 $A --cases unet320,c2048,p256,in3d128,unet640 --settings "$S" > $W/s_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/s_$1_$2.log | sed 's/fwd gpu.*| bwd/| bwd/; s/"R.GN_BWD_COOP.2".*]]/1024 first/'; pack
done
echo SECONDS $SECONDS
