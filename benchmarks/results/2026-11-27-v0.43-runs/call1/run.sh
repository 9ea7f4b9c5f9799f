# v0.43 call 1 (H100), GPU time: the rows path's slices of one channel (1024 positions)
# with more programs an SM: GN_BWD_CHANNEL (1024, 2, 8) -> (1024, 1, 16) / (1024, 1, 24) /
# (1024, 2, 12) / (1024, 1, 32), and the 16-bit forward's GN_FWD_CHANNEL (1024, 1, 16) ->
# 24 / 32 an SM alongside the 24 / 32 backward settings. bf16 / fp16 / bf16 silu / fp32.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v43c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v43c1; }
nvidia-smi -L > $W/gpus.txt
F4='[1024, 2, 8, true, 1, 0, 1]'
S='[{}, {"R.GN_BWD_CHANNEL": [1024, 1, 16, true, 1, 0, 1]},
 {"R.GN_BWD_CHANNEL": [1024, 1, 24, true, 1, 0, 1], "R.GN_FWD_CHANNEL": {"2": [1024, 1, 24, true, 1, 0, 1], "4": '$F4'}},
 {"R.GN_BWD_CHANNEL": [1024, 2, 12, true, 1, 0, 1]},
 {"R.GN_BWD_CHANNEL": [1024, 1, 32, true, 1, 0, 1], "R.GN_FWD_CHANNEL": {"2": [1024, 1, 32, true, 1, 0, 1], "4": '$F4'}}]'
for v in "bfloat16 none" "float16 none" "bfloat16 silu" "float32 none"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 170 python benchmarks/sweep_groupnorm.py $W/s_$1_$2.json --no-torch --layouts nc \
    --dtype $1 $A --cases unet640,unet1280_32,p256,c2048,unet320 --settings "$S" > $W/s_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/s_$1_$2.log; pack
done
echo SECONDS $SECONDS
