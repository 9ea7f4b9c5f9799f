# v0.36 call 9 (H100): the final src (torch.func caught where the fast paths fail on its wrapped
# tensors, not checked per call; jit.trace and forward-mode AD checked per call; through the
# reference math, eager calls only): this session's new tests on CUDA, then host_ab.py's
# default cells against 79f0e08's src (fusednorm_old, .whl/old), two processes, 9 rounds.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v36c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v36c9; }
nvidia-smi -L > $W/gpus.txt
timeout 300 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "torch_func or compiled_graph or forward_mode or double_backward or gradient_penalty or empty_normalized or non_tensor or cached_call or bad_input" > $W/tests_rows.log 2>&1
timeout 200 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py tests/test_patch.py -k "no_channels or errors or fuse_activations or bad_selector or compile" > $W/tests_rest.log 2>&1
pack
for p in a b; do
  timeout 100 python benchmarks/host_ab.py $W/host_$p.json .whl/old --rounds 9 > $W/host_$p.log 2>&1; pack
done
tail -1 $W/tests_rows.log; tail -1 $W/tests_rest.log; grep -h FAILED $W/tests_*.log | head
grep -h "new/old" $W/host_a.log $W/host_b.log
echo SECONDS $SECONDS
