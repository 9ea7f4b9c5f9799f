# v0.44 call 4 (H100): the capture tests again (the GroupNorm one's check fixed) and the
# new torch.compile CUDA-graph test (cudagraphs backend and inductor's reduce-overhead,
# slow-path asserts on), with the shared capture workspace and, where that fails, without;
# then GN_BWD_COOP's 16-bit entries at the rows of 262144 (VAE 512, InstanceNorm 64^3)
# with the per-channel sum (v0.43) on: 2048 / 4 / 4 against 4096 / 4 / 2, 3 and 4 an SM.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v44c4; }
nvidia-smi -L > $W/gpus.txt
timeout 280 python -m pytest -q -p no:cacheprovider tests/test_launch.py tests/test_nn.py tests/test_rownorm.py tests/test_groupnorm.py -k "graph or workspace or capture or compiled_cuda" > $W/tests.log 2>&1; tail -3 $W/tests.log; grep -E "^FAILED|^ERROR" $W/tests.log | head; pack
if grep -q "^FAILED.*compiled_cuda" $W/tests.log; then
  FUSEDNORM_CAPTURE_SHARED=0 timeout 200 python -m pytest -q -p no:cacheprovider tests/test_nn.py -k compiled_cuda > $W/tests_unshared.log 2>&1; tail -3 $W/tests_unshared.log; pack
fi
S='[{}, {"R.GN_BWD_COOP": {"2": [[2048, 4, 4, true, 1, 0, 1]]}}, {"R.GN_BWD_COOP": {"2": [[4096, 4, 3, true, 1, 0, 1]]}}, {"R.GN_BWD_COOP": {"2": [[4096, 4, 4, true, 1, 0, 1]]}}]'
timeout 200 python benchmarks/sweep_groupnorm.py $W/bwdcfg.json --cases vae512,in3d64 --layouts nc --no-torch --settings "$S" > $W/bwdcfg.log 2>&1; cat $W/bwdcfg.log | tail -20; pack
echo SECONDS $SECONDS
