# v0.24 call 11 (ask for an H100; carries .whl/base = 92f68a9's src as fusednorm_old): the
# eager backwards' first_order (in place of once_differentiable) and launch_infer against
# 92f68a9, host time per call in one process, two processes (host_ab.py, with backward
# cells); GPU tests of the double backward and the training paths.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp c11; }
timeout 200 python -m pytest -q tests/test_rownorm.py tests/test_groupnorm.py -k "cuda and (double_backward or training_path or eager_path)" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 2 $W/tests.log; pack
for p in a b; do timeout 200 python benchmarks/host_ab.py $W/ab_$p.json .whl/base > $W/ab_$p.log 2>&1; pack; done
cat $W/ab_a.log $W/ab_b.log; echo SECONDS $SECONDS
