# v0.30 call 11 (H100): the final tables with the residual forms' load policies
# (DH_EVICT, REPLAY_EVICT_CONFIGS). a) the row norms' CUDA tests of the residual,
# backward, replay and cooperative schedules; b) the bench as called, fusednorm alone:
# add_layer_norm / add_rms_norm backward at every N and fwd+bwd at 12288-1M, every dtype;
# c) GPU time of the dh policies in fp16 (sweep_coop.py, two processes, none -> the rule).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp c11; }
S="SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=fp16 SWEEP_N=12288,32768,131072,262144 SWEEP_RES=1"
for v in "n FUSEDNORM_DH_EVICT=none FUSEDNORM_REPLAY_EVICT=none" "r X=1"; do
  set -- $v; tag=$1; shift; SWEEP_WARM=1 env $S "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
timeout 200 python -m pytest -q tests/test_rownorm.py -p no:cacheprovider \
  -k "cuda and (residual or replay or backward or cooperative or policies)" > $W/t_rows.log 2>&1
wait; pack; echo TESTS $SECONDS
B="python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm"
for op in add_layer_norm add_rms_norm; do
  timeout -s INT 70 $B --mode bwd --op $op --out $W/b_$op > $W/b_$op.log 2>&1
  timeout -s INT 50 $B --mode fwd+bwd --op $op --n 12288,16384,32768,65536,131072,262144,1048576 --out $W/fb_$op > $W/fb_$op.log 2>&1
  rm -f $W/*/*.png; pack; echo $op $SECONDS
done
for p in 1 2; do
  for v in "n FUSEDNORM_DH_EVICT=none FUSEDNORM_REPLAY_EVICT=none" "r X=1"; do
    set -- $v; tag=$1; shift
    env $S "$@" timeout 60 python benchmarks/sweep_coop.py $W/s_${tag}_$p.json > $W/s_${tag}_$p.log 2>&1; pack
  done
done
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 4
for f in $W/b_*.log $W/fb_*.log; do echo "== $f"; grep -E "^rows" $f | awk '{print $2,$3,$5,$10}' | tr '\n' ';'; echo; done
grep -H "bwd N" $W/s_*.log
echo SECONDS $SECONDS
