# v0.17 call 2: ROW_TAG on by default. GPU tests of the cooperative row norms and of
# GroupNorm's rows path; SYNC 5 (no wait for the row's partials: a timing diagnostic,
# results wrong) against the default wait, forward and backward, GPU time; HOLD_WB (w, b
# held across rows) for bf16 LayerNorm's cooperative forward at four configs; the bench's
# rows sweep at 64K-1M, forward and backward, four ops, three dtypes, fusednorm only.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
SYNCV="SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_N=65536,262144,1048576 SWEEP_MODES=fwd,bwd SWEEP_FWD=default SWEEP_BWD=default"
HOLDV="SWEEP_DTYPES=bf16 SWEEP_OPS=ln SWEEP_N=65536,262144,1048576 SWEEP_MODES=fwd SWEEP_FWD=default;4096/4/4;8192/8/2;8192/16/1"
run_sweep() { # name, env assignments..., then timeout
  local name=$1; shift; env "$@" timeout -s INT 150 python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
# Warm Triton's cache from several processes at once.
run_sweep w_base SWEEP_WARM=1 $SYNCV &
run_sweep w_s5 SWEEP_WARM=1 SWEEP_SYNC=5 $SYNCV &
run_sweep w_h0 SWEEP_WARM=1 SWEEP_HOLD_WB=0 $HOLDV &
run_sweep w_h1 SWEEP_WARM=1 SWEEP_HOLD_WB=1 $HOLDV &
timeout -s INT 170 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "cooperative or stale or graph or million" > $W/pytest_rows.log 2>&1 &
timeout -s INT 170 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cuda and (rows_path or large_gpu or 4d)" > $W/pytest_gn.log 2>&1 &
wait; tail -n 1 $W/pytest_rows.log $W/pytest_gn.log; pack
for i in a b; do
  run_sweep sync_base_$i $SYNCV; run_sweep sync_5_$i SWEEP_SYNC=5 $SYNCV; pack
done
for i in a b; do
  run_sweep hold0_$i SWEEP_HOLD_WB=0 $HOLDV; run_sweep hold1_$i SWEEP_HOLD_WB=1 $HOLDV; pack
done
left=$((580 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 65536,131072,262144,1048576 --mode fwd,bwd --providers fusednorm --out $W/rows > $W/rows.log 2>&1; pack
for f in $W/sync_*_a.log $W/sync_*_b.log $W/hold*.log; do echo "== $f"; grep -v "^$" $f | cut -c1-110; done
grep -h "^| rows" $W/rows/summary.md | head -30; tail -2 $W/rows.log; echo SECONDS $SECONDS
