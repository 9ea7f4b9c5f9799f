# v0.34 call 9 (H100): DH_EARLY, the tile backward's dh loaded at the step's start rather
# than after its two reductions (kernels/rownorm.py), GPU time (sweep_coop.py, the
# library's configs), off / on alternated in two processes each, with a residual (dh),
# LayerNorm / RMSNorm, bf16 / fp32, N 512-8192 (the tile path).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v34c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v34c9; }
common="SWEEP_MODES=bwd SWEEP_RES=1 SWEEP_N=512,1024,2048,4096,5120,8192 SWEEP_BWD=default"
for e in 0 1; do for d in bf16 fp32; do
  (env $common SWEEP_WARM=1 SWEEP_DH_EARLY=$e SWEEP_DTYPES=$d timeout 200 python benchmarks/sweep_coop.py $W/w$e$d.json > $W/w$e$d.log 2>&1) &
done; done
wait; echo warm $SECONDS
for p in a b; do for e in 0 1; do
  env $common SWEEP_DH_EARLY=$e SWEEP_DTYPES=bf16,fp32 timeout 100 python benchmarks/sweep_coop.py $W/e${e}_$p.json > $W/e${e}_$p.log 2>&1; pack
done; done
rm -f $W/w*.json; pack
for f in e0_a e1_a e0_b e1_b; do echo "== $f"; grep "%" $W/$f.log; done
echo SECONDS $SECONDS
