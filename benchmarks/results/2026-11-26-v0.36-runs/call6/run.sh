# v0.36 call 6 (H100): host time per call, this tree (the dual-level check inline) against
# 79f0e08's src (fusednorm_old, .whl/old), host_ab.py's default cells, two processes, 9
# rounds; then the GPU tests outside test_rownorm.py alone (call 4 cut them at 450 s while
# the rows shards ran beside them).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v36c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v36c6; }
nvidia-smi -L > $W/gpus.txt
for p in a b; do
  timeout 120 python benchmarks/host_ab.py $W/host_$p.json .whl/old --rounds 9 > $W/host_$p.log 2>&1; pack
done
timeout 420 python -m pytest -q -m gpu -p no:cacheprovider tests/test_groupnorm.py tests/test_patch.py tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py tests/test_bench.py > $W/rest.log 2>&1
pack
grep -h "new/old" $W/host_a.log $W/host_b.log; tail -1 $W/rest.log; grep -h "FAILED" $W/rest.log | head
echo SECONDS $SECONDS
