# v0.38 call 14 (H100): the new defaults (COLS_COOP_GATHER 2, COLS_COOP_STAGES 4) against
# v0.37's (GATHER 0, STAGES 3) in one process, channels_last forward, GPU time and as called
# (sweep_groupnorm.py): UNet 640 / 320 bf16 (silu too) and fp32, and the power-of-two
# cooperative shapes (in2d, vae512, p512) bf16; then the cooperative columns and
# constant-group tests on the GPU.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c14; mkdir -p $W
pack() { tar czf $OUT/call14.tgz -C /tmp v38c14; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"COLS_COOP_GATHER": 0, "COLS_COOP_STAGES": 3}]'
timeout 120 python benchmarks/sweep_groupnorm.py $W/bf16.json --fwd-only --no-torch --layouts cl --cases unet640,unet320,in2d,vae512,p512 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 60 python benchmarks/sweep_groupnorm.py $W/silu.json --fwd-only --no-torch --layouts cl --cases unet640,unet320 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
timeout 60 python benchmarks/sweep_groupnorm.py $W/fp32.json --fwd-only --no-torch --layouts cl --cases unet640,unet320 --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
timeout 120 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cols_coop or constant_groups" > $W/tests.log 2>&1
tail -3 $W/tests.log; pack
echo SECONDS $SECONDS
