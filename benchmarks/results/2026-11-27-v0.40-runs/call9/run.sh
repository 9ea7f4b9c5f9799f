# v0.40 call 9 (H100): calls 3 and 6 in fp32: every groups-suite shape, both layouts, the
# defaults (with this session's rules) against each other path forced, GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v40c9; }
nvidia-smi -L > $W/gpus.txt
SNC='[{}, {"ROWS_FWD": false, "ROWS_BWD": false}, {"GROUP_MIN_WAVES": 1000000}, {"ROWS_FWD": false, "ROWS_BWD": false, "GROUP_MIN_WAVES": 1000000}]'
SCL='[{}, {"GROUP_MIN_WAVES": 1000000}, {"COLS_COOP": false, "COLS_COOP_BWD": 0}, {"GROUP_MIN_WAVES": 1000000, "COLS_COOP": false, "COLS_COOP_BWD": 0}]'
CASES=unet320,unet640,unet1280,unet1280s,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d
timeout 280 python benchmarks/sweep_groupnorm.py $W/nc.json --no-torch --layouts nc \
  --cases $CASES --dtype float32 --settings "$SNC" > $W/nc.log 2>&1
cat $W/nc.log; pack
timeout 280 python benchmarks/sweep_groupnorm.py $W/cl.json --no-torch --layouts cl \
  --cases $CASES --dtype float32 --settings "$SCL" > $W/cl.log 2>&1
cat $W/cl.log; pack
echo SECONDS $SECONDS
