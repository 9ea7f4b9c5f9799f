# v0.39 call 5 (H100): the cooperative columns backward's settings, taken everywhere it
# fits (COLS_COOP_BWD 2): the reducers' merge in one step (COLS_COOP_MERGE_WORDS 1024; the
# forward's too), 8 warps (tiles of 2048 / 4096), 2 stages; against the columns path
# (COLS_COOP_BWD 0). sweep_groupnorm.py, channels_last, one process per dtype / act.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v39c5; }
nvidia-smi -L > $W/gpus.txt
S='[{"COLS_COOP_BWD": 2}, {"COLS_COOP_BWD": 2, "COLS_COOP_MERGE_WORDS": 1024}, {"COLS_COOP_BWD": 2, "COLS_COOP_WARPS_BWD": 8}, {"COLS_COOP_BWD": 2, "COLS_COOP_WARPS_BWD": 8, "COLS_COOP_TILE_BWD": 4096}, {"COLS_COOP_BWD": 2, "COLS_COOP_STAGES_BWD": 2}, {"COLS_COOP_BWD": 0}]'
timeout 360 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl --cases unet320,unet640,in2d --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 150 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl --cases unet320 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
echo SECONDS $SECONDS
