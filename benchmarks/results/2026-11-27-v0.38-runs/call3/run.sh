# v0.38 call 3 (H100): the cooperative columns forward's chunk order (ORDER 0 consecutive
# positions, 1 rotated start, 2 interleaved tiles): steps in time (diag_coop_cols.py) and
# GPU time (sweep_groupnorm.py, channels_last, bf16, with STAGES 2 / 4 beside).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v38c3; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python benchmarks/diag_coop_cols.py $W/diag.json --cases p512,p256,in2d,vae512 --reps 7 --orders 0,1,2 > $W/diag.log 2>&1
cat $W/diag.log; pack
timeout 300 python benchmarks/sweep_groupnorm.py $W/order.json --fwd-only --no-torch --layouts cl \
  --cases p512,p256,in2d,vae512 \
  --settings '[{}, {"COLS_COOP_ORDER": 1}, {"COLS_COOP_ORDER": 2}, {"COLS_COOP_STAGES": 2}, {"COLS_COOP_STAGES": 4}]' > $W/order.log 2>&1
cat $W/order.log; pack
echo SECONDS $SECONDS
