# v0.44 call 5 (H100): the shared capture workspace removed (CUDA graph trees would find
# it alive in their pool); the stream workspace and scratch allocated on a side stream
# (launch._persistent). The torch.compile CUDA-graph test (cudagraphs, reduce-overhead),
# the capture and workspace tests.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v44c5; }
nvidia-smi -L > $W/gpus.txt
timeout 280 python -m pytest -q -p no:cacheprovider tests/test_launch.py tests/test_nn.py tests/test_rownorm.py tests/test_groupnorm.py -k "graph or workspace or capture or compiled_cuda or scratch or stale" > $W/tests.log 2>&1; tail -3 $W/tests.log; grep -E "^FAILED|^ERROR|^E  " $W/tests.log | head -20; pack
echo SECONDS $SECONDS
