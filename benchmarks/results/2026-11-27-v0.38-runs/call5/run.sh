# v0.38 call 5 (H100): the cooperative columns forward with smaller tiles (more programs per
# SM within the registers) and a register cap, GPU time (sweep_groupnorm.py, channels_last,
# bf16); steps in time for the smaller tiles (diag_coop_cols.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v38c5; }
nvidia-smi -L > $W/gpus.txt
timeout 330 python benchmarks/sweep_groupnorm.py $W/tiles.json --fwd-only --no-torch --layouts cl \
  --cases p512,in2d,vae512 \
  --settings '[{}, {"COLS_COOP_TILE": 2048}, {"COLS_COOP_TILE": 2048, "COLS_COOP_STAGES": 4}, {"COLS_COOP_TILE": 1024, "COLS_COOP_STAGES": 4}, {"COLS_COOP_MAXNREG": 128}, {"COLS_COOP_TILE": 2048, "COLS_COOP_MAXNREG": 128}, {"COLS_COOP_TILE": 8192, "COLS_COOP_WARPS": 8}]' > $W/tiles.log 2>&1
cat $W/tiles.log; pack
timeout 120 python benchmarks/diag_coop_cols.py $W/diag2048.json --cases p512,vae512 --reps 5 --set COLS_COOP_TILE=2048 > $W/diag2048.log 2>&1
cat $W/diag2048.log; pack
echo SECONDS $SECONDS
