# v0.38 call 9 (H100): the cooperative columns forward's y stores with cache policies
# (Y_STORE 1 evict_first (L1), 2 .cs, 3 .wt), GPU time (sweep_groupnorm.py, channels_last,
# bf16), two processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v38c9; }
nvidia-smi -L > $W/gpus.txt
for i in 1 2; do
timeout 200 python benchmarks/sweep_groupnorm.py $W/ystore$i.json --fwd-only --no-torch --layouts cl \
  --cases p512,p256,in2d,vae512 \
  --settings '[{}, {"COLS_COOP_Y_STORE": 1}, {"COLS_COOP_Y_STORE": 2}, {"COLS_COOP_Y_STORE": 3}]' > $W/ystore$i.log 2>&1
cat $W/ystore$i.log; pack
done
echo SECONDS $SECONDS
