# v0.44 call 9 (H100): the CUDA-graph tests after their capture steps moved into
# numerics.captured (tests only; src as call 7).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v44c9; }
nvidia-smi -L > $W/gpus.txt
timeout 150 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py tests/test_groupnorm.py tests/test_launch.py -k "cuda_graph or scratch" > $W/tests.log 2>&1; tail -2 $W/tests.log; grep -E "^FAILED|^ERROR" $W/tests.log | head; pack
echo SECONDS $SECONDS
