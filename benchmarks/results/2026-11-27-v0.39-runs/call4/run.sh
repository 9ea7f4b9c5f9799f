# v0.39 call 4 (H100): call 3 found each round of the cooperative columns paths costing
# about 7 us beyond its bytes (smaller budgets, more rounds: far slower). So larger L2
# budgets, fewer rounds: x (forward) and x + dy (backward, AHEAD 0) of the samples in
# flight up to 24 / 32 / 40 / 48 MiB, against both columns paths (COLS_COOP and
# COLS_COOP_BWD off). sweep_groupnorm.py, channels_last, one process per dtype / act.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v39c4; }
nvidia-smi -L > $W/gpus.txt
S='[{"COLS_COOP_BWD_AHEAD": 0}, {"COLS_COOP_BWD_AHEAD": 0, "COLS_COOP_L2_BYTES": 33554432, "COLS_COOP_BWD_L2_BYTES": 33554432}, {"COLS_COOP_BWD_AHEAD": 0, "COLS_COOP_L2_BYTES": 41943040, "COLS_COOP_BWD_L2_BYTES": 41943040}, {"COLS_COOP_BWD_AHEAD": 0, "COLS_COOP_L2_BYTES": 50331648, "COLS_COOP_BWD_L2_BYTES": 50331648}, {"COLS_COOP": false, "COLS_COOP_BWD": false}]'
timeout 300 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl --cases unet640,unet320,in2d,p512,p256,vae512,vae256,in3d64 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl --cases unet640,unet320 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts cl --cases unet640,unet320 --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
echo SECONDS $SECONDS
