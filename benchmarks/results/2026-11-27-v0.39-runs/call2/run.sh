# v0.39 call 2 (H100): the cooperative columns backward with AHEAD (step 1 of a program's
# next sample before steps 2-3 of this one, two rounds in L2) against AHEAD 0, tiles of 1024
# and the columns path (COLS_COOP_BWD off), in one process per dtype / activation
# (sweep_groupnorm.py, channels_last). First the cooperative backward's tests.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v39c2; }
nvidia-smi -L > $W/gpus.txt
timeout 120 python -m pytest -q -x -p no:cacheprovider tests/test_groupnorm.py -k "cols_coop_bwd or deterministic or launchers" > $W/tests.log 2>&1
tail -3 $W/tests.log; pack
S='[{}, {"COLS_COOP_BWD_AHEAD": 0}, {"COLS_COOP_TILE_BWD": 1024}, {"COLS_COOP_BWD": false}]'
timeout 200 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl --cases unet640,unet320,in2d,p512,p256 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl --cases unet640,unet320 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts cl --cases unet640,unet320 --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
echo SECONDS $SECONDS
