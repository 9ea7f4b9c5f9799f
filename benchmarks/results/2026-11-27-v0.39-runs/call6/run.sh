# v0.39 call 6 (H100): the cooperative columns backward with more bytes in flight (call 5:
# 2 stages or 8 warps far lower): 6 stages, tiles of 4096 with 4 or 3 stages (compiled on
# CPU: 240-255 registers, no spill, 32-48 KB shared); taken everywhere it fits
# (COLS_COOP_BWD 2), against the columns path. sweep_groupnorm.py, channels_last.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v39c6; }
nvidia-smi -L > $W/gpus.txt
S='[{"COLS_COOP_BWD": 2}, {"COLS_COOP_BWD": 2, "COLS_COOP_STAGES_BWD": 6}, {"COLS_COOP_BWD": 2, "COLS_COOP_TILE_BWD": 4096}, {"COLS_COOP_BWD": 2, "COLS_COOP_TILE_BWD": 4096, "COLS_COOP_STAGES_BWD": 3}, {"COLS_COOP_BWD": 0}]'
timeout 300 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl --cases unet320,unet640,in2d --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 120 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl --cases unet320 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
timeout 120 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts cl --cases unet320,unet640 --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
echo SECONDS $SECONDS
