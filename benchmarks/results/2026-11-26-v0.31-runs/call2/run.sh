# v0.31 call 2 (H100): a) diag_levels.py (fixed) in three processes; b) the channels_last
# columns path's program count (COLS_PROGRAMS_PER_SM, COLS_MIN_STEPS): UNet 320 / 640 run
# 320 programs (2.4 an SM) in each of the stats and apply launches; sweep_groupnorm.py,
# bf16, channels_last, the columns-path cases, forward and backward, GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v31c2; }
SET='[{}, {"COLS_PROGRAMS_PER_SM": 4}, {"COLS_PROGRAMS_PER_SM": 8, "COLS_MIN_STEPS": 4}, {"COLS_PROGRAMS_PER_SM": 16, "COLS_MIN_STEPS": 2}]'
CASES=unet320,unet640,vae256,in3d128,vae128
timeout 200 python benchmarks/sweep_groupnorm.py $W/gn_warm.json --settings "$SET" --cases $CASES --layouts cl --warm --no-torch > $W/gn_warm.log 2>&1 &
DIAG_CASES="fwd/ln/fp32/262144/0;fwd/ln/fp32/131072/0;fwd/ln/bf16/131072/0" DIAG_TRIALS=3
export DIAG_CASES DIAG_TRIALS
for p in 1 2 3; do
  timeout 100 python benchmarks/diag_levels.py $W/lv_$p.json > $W/lv_$p.log 2>&1; pack
  echo LV $p $SECONDS
done
wait; echo WARM $SECONDS
timeout 300 python benchmarks/sweep_groupnorm.py $W/gn.json --settings "$SET" --cases $CASES --layouts cl > $W/gn.log 2>&1; pack
cat $W/lv_*.log
grep -v "^ " $W/gn.log | head -60
echo SECONDS $SECONDS
