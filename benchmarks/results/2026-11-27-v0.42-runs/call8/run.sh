# v0.42 call 8 (H100), GPU time: (1) fp32's one-tile forward on 32 warps (60-64 registers:
# one program an SM) capped at 32 (28-48 B spilled) against uncapped, 16x480x32x32
# contiguous (groups of 15 x 1024, 60 KB), with / without silu, inference and training;
# (2) fp32 channels_last group-path backward on 16 warps (101-110 registers, one program an
# SM) against tiles of 4096 on 8 warps and 2048 on 4 (GROUP_TILE_BWD), UNet 640 / 1280, p512.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v42c8; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"GROUP_FWD_CAP": [[2,32,true,32],[4,32,true,32]]}]'
for act in none silu; do for st in "" "--stats"; do
  A=""; [ $act = silu ] && A="--act silu"
  timeout 60 python benchmarks/sweep_groupnorm.py $W/fwd_${act}${st}.json --no-torch --layouts nc \
    --fwd-only --dtype float32 $A $st --cases p480 --settings "$S" > $W/fwd_${act}${st}.log 2>&1
  echo "== fwd fp32 $act $st"; grep -v "^NVIDIA" $W/fwd_${act}${st}.log
done; done; pack
S='[{}, {"GROUP_TILE_BWD": 4096}, {"GROUP_TILE_BWD": 2048}]'
for act in none silu; do
  A=""; [ $act = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/bwd_$act.json --no-torch --layouts cl \
    --dtype float32 $A --cases unet640,unet1280,p512 --settings "$S" > $W/bwd_$act.log 2>&1
  echo "== bwd fp32 cl $act"; grep -v "^NVIDIA" $W/bwd_$act.log; pack
done
echo SECONDS $SECONDS
