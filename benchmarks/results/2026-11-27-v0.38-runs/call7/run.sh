# v0.38 call 7 (H100): the cooperative columns forward with each chunk asked of the L2 at
# its round's start (PREFETCH 1) or, from the second round on, during the round before
# (PREFETCH 2): GPU time (sweep_groupnorm.py, channels_last, bf16) and steps in time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v38c7; }
nvidia-smi -L > $W/gpus.txt
timeout 250 python benchmarks/sweep_groupnorm.py $W/prefetch.json --fwd-only --no-torch --layouts cl \
  --cases p512,p256,in2d,vae512 \
  --settings '[{}, {"COLS_COOP_PREFETCH": 1}, {"COLS_COOP_PREFETCH": 2}, {"COLS_COOP_PREFETCH": 1, "COLS_COOP_STAGES": 4}]' > $W/prefetch.log 2>&1
cat $W/prefetch.log; pack
timeout 120 python benchmarks/diag_coop_cols.py $W/diag_p1.json --cases p512,in2d --reps 5 --set COLS_COOP_PREFETCH=1 > $W/diag_p1.log 2>&1
cat $W/diag_p1.log; pack
echo SECONDS $SECONDS
