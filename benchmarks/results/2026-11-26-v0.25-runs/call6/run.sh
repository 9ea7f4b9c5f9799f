# v0.25 call 6 (H100): the bench beside the peers for call 5's change (fp32 layer_norm /
# rms_norm forward at 8192 / 16384 on 32 warps), then the GPU tests not run this session
# at the head (modules, patch, bench, check, compile; five pytest processes at once).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
timeout -s INT 200 python -m fusednorm.bench --suite rows --kind sweep --op layer_norm,rms_norm --dtype fp32 --mode fwd --n 8192,16384 --out $W/bench_f32 > $W/bench.log 2>&1; pack
tail -n 3 $W/bench.log
T="timeout $((560 - SECONDS))"
for t in nn patch bench check compile; do
  $T python -m pytest -q tests/test_$t.py -k "cuda or gpu" -p no:cacheprovider > $W/t_$t.log 2>&1 &
done
wait; pack
for f in $W/t_*.log; do echo "== $f"; grep -E "FAILED|Error|passed|failed" $f | tail -n 8; done; echo SECONDS $SECONDS
