# v0.41 call 3 (H100): diag_graph_gap.py: the contiguous GroupNorm / InstanceNorm forward
# in CUDA-graph replays against back-to-back eager calls, with the kernels each runs.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v41c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v41c3; }
nvidia-smi -L > $W/gpus.txt
timeout 240 python benchmarks/diag_graph_gap.py > $W/gap.log 2>&1; cat $W/gap.log; pack
echo SECONDS $SECONDS
