# v0.44 call 6 (H100): the stream workspace and scratch allocated by a thread of the
# library's own (launch._persistent; the trees route every allocation of the calling
# thread to their pool, call 5). The torch.compile CUDA-graph test and the capture and
# workspace tests; diag_trees.py (the allocation history) where the compiled test fails.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v44c6; }
nvidia-smi -L > $W/gpus.txt
timeout 250 python -m pytest -q -p no:cacheprovider tests/test_launch.py tests/test_nn.py tests/test_rownorm.py tests/test_groupnorm.py -k "graph or workspace or capture or compiled_cuda or scratch or stale" > $W/tests.log 2>&1; tail -3 $W/tests.log; grep -E "^FAILED|^ERROR" $W/tests.log | head -20; pack
if grep -q "^FAILED.*compiled_cuda" $W/tests.log; then
  timeout 150 python benchmarks/diag_trees.py > $W/trees.log 2>&1; grep -v "^\s*$" $W/trees.log | tail -60; pack
fi
echo SECONDS $SECONDS
