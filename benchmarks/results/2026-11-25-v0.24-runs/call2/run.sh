# v0.24 call 2 (ask for an H100): the 16-bit plain forward at 64K-256K with more programs
# per SM under a register cap (4096 / 4 warps / 5 per SM: 96 registers, no spill;
# 2048 / 2 warps / 8 or 10 per SM) and two rows a step on 8 warps, against the tables;
# the residual forms with 2048 / 2 / 10 and 4096 / 4 / 5 (RMSNorm). GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
git rev-parse HEAD > $W/rev 2>/dev/null
export SWEEP_MODES=fwd SWEEP_N=65536,131072,262144
P="default;4096/4/5/1/1/0/1;2048/2/10/1/1/0/1;2048/2/8/1/1/0/1;4096/8/2/1/2/0/1"
R="default;4096/4/5/1/1/0/0;2048/2/10/1/1/0/0"
for d in bf16 fp16; do for o in ln rms; do
  SWEEP_WARM=1 SWEEP_DTYPES=$d SWEEP_OPS=$o SWEEP_FWD="$P" timeout 250 python benchmarks/sweep_coop.py $W/warm_$d$o.json > $W/warm_$d$o.log 2>&1 &
done; done
SWEEP_WARM=1 SWEEP_RES=1 SWEEP_DTYPES=bf16 SWEEP_FWD="$R" timeout 250 python benchmarks/sweep_coop.py $W/warm_res.json > $W/warm_res.log 2>&1 &
wait; echo warm $SECONDS; pack
SWEEP_DTYPES=bf16,fp16 SWEEP_FWD="$P" timeout 150 python benchmarks/sweep_coop.py $W/fwd_a.json > $W/fwd_a.log 2>&1; pack
SWEEP_RES=1 SWEEP_DTYPES=bf16 SWEEP_FWD="$R" timeout 80 python benchmarks/sweep_coop.py $W/res_a.json > $W/res_a.log 2>&1; pack
left=$((575 - SECONDS)); SWEEP_DTYPES=bf16,fp16 SWEEP_FWD="$P" timeout $left python benchmarks/sweep_coop.py $W/fwd_b.json > $W/fwd_b.log 2>&1; pack
cat $W/fwd_a.log $W/fwd_b.log | cut -c1-90; cat $W/res_a.log | cut -c1-90; echo SECONDS $SECONDS
