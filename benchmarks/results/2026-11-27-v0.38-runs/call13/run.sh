# v0.38 call 13 (H100): the cooperative columns forward for Cg not a power of two
# (COLS_COOP_GATHER 1: where one round holds every sample; 2: always) against the columns
# path at the UNet shapes, channels_last, GPU time and as called (sweep_groupnorm.py), bf16
# (and silu) and fp32; then the cooperative columns tests on the GPU.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp v38c13; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"COLS_COOP_GATHER": 2}, {"COLS_COOP_GATHER": 2, "COLS_COOP_STAGES": 4}, {"COLS_COOP_GATHER": 2, "COLS_COOP_TILE": 8192, "COLS_COOP_WARPS": 8}]'
timeout 150 python benchmarks/sweep_groupnorm.py $W/gather_bf16.json --fwd-only --layouts cl --cases unet640,unet320 --settings "$S" > $W/gather_bf16.log 2>&1
cat $W/gather_bf16.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/gather_silu.json --fwd-only --no-torch --layouts cl --cases unet640 --act silu --settings '[{}, {"COLS_COOP_GATHER": 2}]' > $W/gather_silu.log 2>&1
cat $W/gather_silu.log; pack
timeout 100 python benchmarks/sweep_groupnorm.py $W/gather_fp32.json --fwd-only --no-torch --layouts cl --cases unet640,unet320 --dtype float32 --settings '[{}, {"COLS_COOP_GATHER": 2}]' > $W/gather_fp32.log 2>&1
cat $W/gather_fp32.log; pack
timeout 150 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cols_coop" > $W/tests.log 2>&1
tail -3 $W/tests.log; pack
echo SECONDS $SECONDS
