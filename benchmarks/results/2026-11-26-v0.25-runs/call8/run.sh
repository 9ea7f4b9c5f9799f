# v0.25 call 8 (H100): the forward's two variants at 32768 (the tile on 32 warps, the
# 16-bit and fp32 LayerNorm / RMSNorm, with and without a residual): with statistics
# (ops.rownorm.fwd_impl) against without (the inference path's, SWEEP_INFER=1), the
# table's config, GPU time, alternated twice.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
export SWEEP_MODES=fwd SWEEP_N=32768 SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_FWD=default
run() { timeout 120 python benchmarks/sweep_coop.py "$@"; }
for r in 0 1; do SWEEP_WARM=1 SWEEP_RES=$r SWEEP_INFER=0 run $W/w$r.json > /dev/null 2>&1 & SWEEP_WARM=1 SWEEP_RES=$r SWEEP_INFER=1 run $W/wi$r.json > /dev/null 2>&1 & done; wait
for p in 1 2; do for r in 0 1; do for i in 0 1; do
  SWEEP_RES=$r SWEEP_INFER=$i run $W/s_r${r}_i${i}_$p.json > $W/s_r${r}_i${i}_$p.log 2>&1; pack
done; done; done
for f in $W/s_*.log; do echo "== $f"; grep -v NVIDIA $f | cut -c1-90; done; echo SECONDS $SECONDS
