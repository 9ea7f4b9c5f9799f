# v0.41 call 2 (H100): where the held chunks' rounds go. diag_coop_cols.py (TIMING variant,
# first round's steps; cold L2) with HOLD and its L2 prefetch of the next sample's chunk,
# without the prefetch, and HOLD off; then the forward's GPU time, bf16 channels_last.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v41c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v41c2; }
nvidia-smi -L > $W/gpus.txt
for v in "HOLD_PREFETCH=1" "HOLD_PREFETCH=0" "HOLD=0"; do
  echo "== COLS_COOP_$v"
  timeout 60 python benchmarks/diag_coop_cols.py $W/diag_$v.json --cases in2d,p512,unet1280 \
    --set COLS_COOP_$v
done > $W/diag.log 2>&1; cat $W/diag.log; pack
S='[{"COLS_COOP_HOLD":0}, {"COLS_COOP_HOLD_PREFETCH":0}, {}]'
timeout 120 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl \
  --fwd-only --cases in2d,p512,unet640,unet1280 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
echo SECONDS $SECONDS
