# v0.25 call 3 (H100; carries .whl/base = 70e72bc's src as fusednorm_old): the backward's
# host path (stream scratch for partials and slice sums, direct launches from addresses
# read once) against 70e72bc, host time per call in one process, two processes
# (host_ab.py --bwd); then the GPU tests of the row norms, GroupNorm and the launch module
# (three pytest processes at once).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
for p in a b; do timeout 150 python benchmarks/host_ab.py --bwd $W/ab_$p.json .whl/base > $W/ab_$p.log 2>&1; pack; done
cat $W/ab_a.log $W/ab_b.log
T="timeout $((560 - SECONDS))"
$T python -m pytest -q tests/test_rownorm.py -k "cuda or gpu" -p no:cacheprovider > $W/t_rows.log 2>&1 &
$T python -m pytest -q tests/test_groupnorm.py -k "cuda or gpu" -p no:cacheprovider > $W/t_groups.log 2>&1 &
$T python -m pytest -q tests/test_launch.py -p no:cacheprovider > $W/t_launch.log 2>&1 &
wait; pack
for f in $W/t_*.log; do echo "== $f"; grep -E "FAILED|Error|passed|failed" $f | tail -n 12; done; echo SECONDS $SECONDS
