# v0.40 call 3 (H100): every groups-suite shape, contiguous, bf16, GPU time
# (sweep_groupnorm.py): the defaults against each other path forced, to find path choices
# made stale by later kernels (as ROWS_BWD_MIN was): the rows path off (ROWS_FWD /
# ROWS_BWD), the group path off (GROUP_MIN_WAVES), both off (the split path).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v40c3; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"ROWS_FWD": false, "ROWS_BWD": false}, {"GROUP_MIN_WAVES": 1000000}, {"ROWS_FWD": false, "ROWS_BWD": false, "GROUP_MIN_WAVES": 1000000}]'
timeout 560 python benchmarks/sweep_groupnorm.py $W/nc.json --no-torch --layouts nc \
  --cases unet320,unet640,unet1280,unet1280s,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d \
  --settings "$S" > $W/nc.log 2>&1
cat $W/nc.log; pack
echo SECONDS $SECONDS
