# v0.24 call 4 (ask for an H100): the 16-bit plain forward at 64K-256K with long slices
# (fewer, larger programs per row: 8192 / 16 warps / 1 per SM, 16384 / 16 / 1, 16384 / 32
# / 1; compile_check on CPU: 64-103 registers, no spill) against the tables. GPU time,
# two processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
git rev-parse HEAD > $W/rev 2>/dev/null
export SWEEP_MODES=fwd SWEEP_N=65536,131072,262144 SWEEP_DTYPES=bf16
P="default;8192/8/2/1/1/0/1;8192/16/1/1/1/0/1;16384/16/1/1/1/0/1;16384/32/1/1/1/0/1;16384/16/1/1/1/0/0"
for o in ln rms; do
  SWEEP_WARM=1 SWEEP_OPS=$o SWEEP_FWD="$P" timeout 250 python benchmarks/sweep_coop.py $W/warm_$o.json > $W/warm_$o.log 2>&1 &
done; wait; echo warm $SECONDS; pack
SWEEP_FWD="$P" timeout 200 python benchmarks/sweep_coop.py $W/fwd_a.json > $W/fwd_a.log 2>&1; pack
SWEEP_FWD="$P" timeout 200 python benchmarks/sweep_coop.py $W/fwd_b.json > $W/fwd_b.log 2>&1; pack
cat $W/fwd_a.log $W/fwd_b.log | cut -c1-100; echo SECONDS $SECONDS
