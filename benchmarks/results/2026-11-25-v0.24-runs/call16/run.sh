# v0.24 call 16 (ask for an H100): the 16-bit LayerNorm forward at 128K (GROUP 32 with the
# table's 4096 slices), other configs there: two rows of 2048, no L2 prefetch, 3 per SM,
# 8 warps. GPU time, bf16 / fp16, two processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c16; mkdir -p $W
pack() { tar czf $OUT/call16.tgz -C /tmp c16; }
export SWEEP_MODES=fwd SWEEP_N=131072 SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp16
P="default;2048/4/4/1/2/0/1;4096/4/4/1/1/0/0;4096/4/3/1/1/0/1;4096/8/2/1/1/0/1;2048/4/4/1/1/0/1"
SWEEP_WARM=1 SWEEP_DTYPES=bf16 SWEEP_FWD="$P" timeout 200 python benchmarks/sweep_coop.py $W/warm_b.json > $W/warm_b.log 2>&1 &
SWEEP_WARM=1 SWEEP_DTYPES=fp16 SWEEP_FWD="$P" timeout 200 python benchmarks/sweep_coop.py $W/warm_h.json > $W/warm_h.log 2>&1 &
wait; pack
for p in a b; do SWEEP_FWD="$P" timeout 100 python benchmarks/sweep_coop.py $W/fwd_$p.json > $W/fwd_$p.log 2>&1; pack; done
cat $W/fwd_a.log $W/fwd_b.log | cut -c1-100; echo SECONDS $SECONDS
