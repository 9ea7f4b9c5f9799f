# v0.43 call 2 (H100), GPU time: the backward's slices of one channel (GN_BWD_CHANNEL,
# 1024 / 2 warps / 8 an SM) with the L2 replay (the sixth field; 56-64 registers at 2 warps
# on CPU against 96-126, so 16 an SM fit), and with more programs an SM: replay 1 at 8 / 16
# an SM, replay 2 at 16, 1 warp at 24 (replay 1) / 32 (replay 2), 4 warps 8 an SM (replay 1).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v43c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v43c2; }
nvidia-smi -L > $W/gpus.txt
c() { echo "{\"R.GN_BWD_CHANNEL\": [1024, $1, $2, true, 1, $3, 1]}"; }
S="[{}, $(c 2 8 1), $(c 2 16 1), $(c 2 16 2), $(c 1 24 1), $(c 1 32 2), $(c 4 8 1)]"
echo "$S"
for v in "bfloat16 none" "float16 none" "bfloat16 silu" "float32 none"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 200 python benchmarks/sweep_groupnorm.py $W/s_$1_$2.json --no-torch --layouts nc \
    --dtype $1 $A --cases unet640,unet1280_32,p256,c2048,unet320 --settings "$S" > $W/s_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/s_$1_$2.log | sed -E 's/.*(unet|p256|c2048)/\1/' | awk '{print $1, $2, $3, $(NF-6), $(NF-5)}'; pack
done
echo SECONDS $SECONDS
