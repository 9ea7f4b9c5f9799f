# v0.35 call 12 (H100): L2 eviction policies on the channels_last columns path (stats
# loads evict_last, apply loads / stores evict_first), against none; sweep_groupnorm.py,
# bf16, GPU time, fwd and bwd, one process.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp v35c12; }
nvidia-smi -L > $W/gpus.txt
SET='[{}, {"COLS_Y_EVICT":"evict_first"}, {"COLS_Y_EVICT":"evict_first","COLS_STATS_EVICT":"evict_last"}, {"COLS_Y_EVICT":"evict_first","COLS_STATS_EVICT":"evict_last","COLS_APPLY_EVICT":"evict_first"}, {"COLS_STATS_EVICT":"evict_last"}]'
timeout 400 python benchmarks/sweep_groupnorm.py $W/ev.json --layouts cl --no-torch \
  --cases unet640,unet320,in3d128,vae256,vae128,in3d64 --settings "$SET" > $W/ev.log 2>&1
pack; grep -v "^NVIDIA" $W/ev.log
echo SECONDS $SECONDS
