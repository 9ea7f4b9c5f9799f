# v0.30 call 6 (H100): the final tables (Y_EVICT, DX_EVICT_CONFIGS, the tile dx rule).
# a) the row norms' CUDA tests of the tile and backward schedules (the tile dx rule came
#    after call 4's tests); b) the bench as called, fusednorm alone, rows sweep, forward,
#    every op and dtype, one process per op.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $W/gpu.txt
timeout 150 python -m pytest -q tests/test_rownorm.py -p no:cacheprovider \
  -k "cuda and (tile or bwd_tile or residual) and not cooperative" > $W/t_tile.log 2>&1; pack
echo TESTS $SECONDS
B="python -m fusednorm.bench --suite rows --kind sweep --mode fwd --providers fusednorm"
for op in layer_norm rms_norm add_layer_norm add_rms_norm; do
  timeout -s INT 100 $B --op $op --out $W/f_$op > $W/f_$op.log 2>&1
  rm -f $W/f_$op/*.png; pack; echo $op $SECONDS
done
grep -E "FAILED|Error|passed|failed" $W/t_tile.log | tail -n 4
for d in $W/f_*/; do echo "== $d"; grep -E "^rows" ${d%/}.log | awk '{print $2,$3,$5,$10}' | tr '\n' ';'; echo; done
echo SECONDS $SECONDS
