# v0.26 call 11 (H100): the head's GPU tests, three pytest processes at once: the row
# norms (every CUDA / GPU test), GroupNorm (every CUDA / GPU test), the launch layer.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp c11; }
T="timeout 560"
$T python -m pytest -q tests/test_rownorm.py -k "cuda or gpu" -p no:cacheprovider > $W/t_rows.log 2>&1 &
$T python -m pytest -q tests/test_groupnorm.py -k "cuda or gpu" -p no:cacheprovider > $W/t_groups.log 2>&1 &
$T python -m pytest -q tests/test_launch.py -p no:cacheprovider > $W/t_launch.log 2>&1 &
wait; pack
for f in $W/t_*.log; do echo "== $f"; grep -E "FAILED|Error|passed|failed" $f | tail -n 12; done; echo SECONDS $SECONDS
