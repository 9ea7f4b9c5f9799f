# v0.35 call 2 (H100): the cooperative forward at 64K-256K with slices of 32768 on 32 warps,
# 1 per SM (32 values a thread, as the 32K tile that reads 96-98%: GROUP 2 / 4 / 8), and
# 16384 on 32 warps, against the library (`default`). sweep_coop.py, GPU time, the
# forward's inference variant (what the bench's forward runs); bf16 and fp32, LayerNorm and
# RMSNorm, then bf16 with a residual. Kernels compiled first in parallel (SWEEP_WARM).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v35c2; }
nvidia-smi -L > $W/gpus.txt
export SWEEP_MODES=fwd SWEEP_N=65536,131072,262144 SWEEP_INFER=1
export SWEEP_FWD="default;32768/32/1/1/1/0/1;32768/32/1/1/1/0/0;16384/32/1/1/1/0/1;16384/16/1/1/1/0/1"
for o in ln rms; do for d in bf16 fp32; do
  SWEEP_WARM=1 SWEEP_OPS=$o SWEEP_DTYPES=$d timeout 200 python benchmarks/sweep_coop.py $W/warm_$o$d.json > $W/warm_$o$d.log 2>&1 &
done; done
SWEEP_WARM=1 SWEEP_RES=1 SWEEP_DTYPES=bf16 timeout 200 python benchmarks/sweep_coop.py $W/warm_res.json > $W/warm_res.log 2>&1 &
wait; echo WARM $SECONDS
for p in a b; do
  SWEEP_DTYPES=bf16,fp32 timeout 120 python benchmarks/sweep_coop.py $W/plain_$p.json > $W/plain_$p.log 2>&1; pack
  SWEEP_RES=1 SWEEP_DTYPES=bf16 timeout 80 python benchmarks/sweep_coop.py $W/res_$p.json > $W/res_$p.log 2>&1; pack
done
cat $W/plain_a.log $W/res_a.log; grep -h -i "error\|spill" $W/warm_*.log | head
echo SECONDS $SECONDS
