# v0.27 call 6 (H100): the backward at N = 1M (as called 78-86% where 85 is the target),
# cooperative candidates on slices of 8192 (warps 8 / 16 / 32, replay 0-3, PREFETCH with
# one L2 step, two rows live) for LayerNorm / RMSNorm, bf16 / fp32, with and without dh,
# in two settings: A w held (FUSEDNORM_HOLD_W=1), B w held, statistics ahead and dh asked
# of the L2 (FUSEDNORM_STATS_AHEAD=1, FUSEDNORM_DH_L2=1). GPU time (sweep_coop.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
export SWEEP_MODES=bwd SWEEP_N=1048576 SWEEP_OPS=ln,rms
export SWEEP_BWD="default;8192/8/1/1/1/0/1;8192/8/1/1/1/1;8192/8/1/1/1/2;8192/16/1/1/1/1;8192/16/1/1/1/2;8192/16/1/1/1/0/1;8192/8/1/0;8192/32/1/1/1/1"
v() { case $1 in A) echo "FUSEDNORM_HOLD_W=1";; B) echo "FUSEDNORM_HOLD_W=1 FUSEDNORM_STATS_AHEAD=1 FUSEDNORM_DH_L2=1";; esac; }
for s in A B; do for r in 0 1; do for d in bf16 fp32; do
  env $(v $s) SWEEP_WARM=1 SWEEP_RES=$r SWEEP_DTYPES=$d T=300 bash -c "$(declare -f run); run $W/warm_$s$r$d.json" > $W/warm_$s$r$d.log 2>&1 &
done; done; done
wait; pack; echo WARM $SECONDS
for s in A B; do for r in 0 1; do for d in bf16 fp32; do
  env $(v $s) SWEEP_RES=$r SWEEP_DTYPES=$d T=100 bash -c "$(declare -f run); run $W/$s$r$d.json" > $W/$s$r$d.log 2>&1; pack
done; done; done
for s in A B; do for r in 0 1; do for d in bf16 fp32; do echo "== $s res$r $d"; grep -v "^NVIDIA" $W/$s$r$d.log | sed 's/ bwd N=1048576//'; done; done; done
echo SECONDS $SECONDS
