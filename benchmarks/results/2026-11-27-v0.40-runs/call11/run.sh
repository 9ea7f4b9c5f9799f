# v0.40 call 11 (H100): channels_last 16x1280x16x16, newly on the cooperative columns
# forward and the columns backward (call 8): those paths' tiles, warps, stages and
# programs an SM at that shape (their settings were measured at UNet 320 / 640 and the
# VAE / 3-D shapes). GPU time, sweep_groupnorm.py, bf16 without and with silu, fp16.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v40c11; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"COLS_COOP_TILE": 2048}, {"COLS_COOP_TILE": 8192}, {"COLS_COOP_TILE": 8192, "COLS_COOP_WARPS": 8}, {"COLS_COOP_STAGES": 3}, {"COLS_COOP_PPS": 2}, {"COLS_COOP_PPS": 8}, {"COLS_TILE_BWD": 2048}, {"COLS_TILE_BWD": 8192}, {"COLS_PROGRAMS_PER_SM": 4}, {"COLS_MIN_STEPS": 4}, {"COLS_MIN_STEPS": 16}, {"COLS_STAGES": 4}, {"COLS_EPT": 16}, {}]'
timeout 200 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl \
  --cases unet1280 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 200 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl \
  --cases unet1280 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
echo SECONDS $SECONDS
