# v0.39 call 3 (H100): the cooperative columns paths' L2 budgets. Backward (AHEAD 0):
# x and dy of the samples in flight up to 24 / 12 / 6 MiB (COLS_COOP_BWD_L2_BYTES), AHEAD 1
# at 12 MiB, the columns path; forward: x up to 12 / 6 MiB (COLS_COOP_L2_BYTES; 24 in the
# others). sweep_groupnorm.py, channels_last, one process per dtype / activation.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v39c3; }
nvidia-smi -L > $W/gpus.txt
S='[{"COLS_COOP_BWD_AHEAD": 0}, {"COLS_COOP_BWD_AHEAD": 0, "COLS_COOP_BWD_L2_BYTES": 12582912}, {"COLS_COOP_BWD_AHEAD": 0, "COLS_COOP_BWD_L2_BYTES": 6291456}, {"COLS_COOP_BWD_AHEAD": 1, "COLS_COOP_BWD_L2_BYTES": 12582912}, {"COLS_COOP_BWD": false, "COLS_COOP_L2_BYTES": 12582912}, {"COLS_COOP_BWD": false, "COLS_COOP_L2_BYTES": 6291456}]'
timeout 240 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl --cases unet640,unet320,in2d,p256 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl --cases unet320 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts cl --cases unet640,unet320 --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
echo SECONDS $SECONDS
