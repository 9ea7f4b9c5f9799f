# v0.24 call 8 (ask for an H100; carries .whl/base = 92f68a9's src as fusednorm_old): the
# inference path's launch_infer and FixedLaunch's OR key against 92f68a9 (= v0.23's kernels
# and host path), host time per call, one process each, two processes (host_ab.py); GPU
# tests of the changed launch path; host_infer.py on the new tree.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
timeout 200 python -m pytest -q tests/test_rownorm.py tests/test_launch.py tests/test_groupnorm.py -k "cuda and (launch or inference or eager_path or training_path or residual)" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 2 $W/tests.log; pack
timeout 200 python -m pytest -q tests/test_rownorm.py -k "launch_infer or launch_cache or direct_call" -p no:cacheprovider > $W/tests2.log 2>&1; tail -n 2 $W/tests2.log; pack
for p in a b; do timeout 150 python benchmarks/host_ab.py $W/ab_$p.json .whl/base > $W/ab_$p.log 2>&1; pack; done
timeout 100 python benchmarks/host_infer.py $W/host.json > $W/host.log 2>&1; pack
cat $W/ab_a.log $W/ab_b.log $W/host.log; echo SECONDS $SECONDS
