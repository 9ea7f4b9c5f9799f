# v0.39 call 7 (H100): the final src. GPU tests of test_groupnorm.py (every test; a 280 s
# limit), then sweep_groupnorm.py channels_last, the defaults (COLS_COOP_BWD 1: the
# cooperative backward without an activation, tiles of 8 KB) against COLS_COOP_BWD 0 (the
# columns path), one process per dtype: bf16, fp16, fp32.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v39c7; }
nvidia-smi -L > $W/gpus.txt
timeout 280 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py > $W/tests.log 2>&1
tail -3 $W/tests.log; pack
S='[{}, {"COLS_COOP_BWD": 0}]'
timeout 150 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl --cases unet320,unet640,in2d,p512,p256 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 80 python benchmarks/sweep_groupnorm.py $W/fp16.json --no-torch --layouts cl --cases unet640,in2d --dtype float16 --settings "$S" > $W/fp16.log 2>&1
cat $W/fp16.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts cl --cases unet320,unet640,in2d --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
echo SECONDS $SECONDS
