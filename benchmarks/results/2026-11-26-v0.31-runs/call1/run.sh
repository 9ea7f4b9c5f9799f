# v0.31 call 1 (H100): a) diag_levels.py (new) in three processes: is a cooperative cell's
# level the process's or its buffers'; b) the 16-bit RMSNorm forward's L2 prefetch hint
# (_l2_hint, GROUP <= 32) against none (FUSEDNORM_L2_HINT=0), GPU time (sweep_coop.py),
# 64K / 128K / 256K, bf16 / fp16, three processes each, alternated; c) CUDA tests of the
# cooperative forward and prefetch; d) the bench as called, rms_norm forward, fusednorm alone.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,clocks.sm,clocks.mem --format=csv > $W/gpu.txt
S="SWEEP_MODES=fwd SWEEP_FWD=default SWEEP_INFER=1 SWEEP_OPS=rms SWEEP_DTYPES=bf16,fp16 SWEEP_N=65536,131072,262144"
for v in "h X=1" "n FUSEDNORM_L2_HINT=0"; do
  set -- $v; tag=$1; shift; SWEEP_WARM=1 env $S "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
timeout 240 python -m pytest -q tests/test_rownorm.py -p no:cacheprovider \
  -k "cuda and (cooperative or prefetch or l2 or forward)" > $W/t_rows.log 2>&1
wait; pack; echo TESTS $SECONDS
for p in 1 2 3; do
  timeout 100 python benchmarks/diag_levels.py $W/lv_$p.json > $W/lv_$p.log 2>&1; pack
  echo LV $p $SECONDS
done
for p in 1 2 3; do
  for v in "h X=1" "n FUSEDNORM_L2_HINT=0"; do
    set -- $v; tag=$1; shift
    env $S "$@" timeout 60 python benchmarks/sweep_coop.py $W/s_${tag}_$p.json > $W/s_${tag}_$p.log 2>&1; pack
  done
done
echo SWEEP $SECONDS
B="python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm"
timeout -s INT 60 $B --mode fwd --op rms_norm --dtype bf16,fp16 --out $W/b_rms > $W/b_rms.log 2>&1
rm -f $W/*/*.png; pack
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 4
cat $W/lv_*.log
grep -H " fwd N=" $W/s_*.log
grep -E "^rows" $W/b_rms.log | awk '{print $2,$3,$5,$10}' | tr '\n' ';'; echo
echo SECONDS $SECONDS
