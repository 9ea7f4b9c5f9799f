# v0.39 call 1 (H100): the cooperative columns backward (COLS_COOP_BWD) on the GPU. First
# its tests and the channels_last tests it now takes, then sweep_groupnorm.py, channels_last,
# the new default against COLS_COOP_BWD off (the columns path) in one process: bf16
# UNet 640 / 320, InstanceNorm 2-D, p512, p256; bf16 with silu and fp32 at UNet 640 / 320.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v39c1; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python -m pytest -q -x -p no:cacheprovider tests/test_groupnorm.py -k "cols_coop or constant_groups or deterministic or launchers or cols_work or split_work or group_norm_4d or training_path" > $W/tests.log 2>&1
tail -5 $W/tests.log; pack
S='[{}, {"COLS_COOP_BWD": false}]'
timeout 150 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl --cases unet640,unet320,in2d,p512,p256 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 80 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl --cases unet640,unet320 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
timeout 80 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts cl --cases unet640,unet320 --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
echo SECONDS $SECONDS
