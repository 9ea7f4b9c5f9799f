# v0.44 call 3 (H100): one workspace a capture (launch.CAPTURE_SHARED): the GPU tests of
# capture (test_launch.py; the CUDA graph tests of test_rownorm.py / test_groupnorm.py),
# then diag_fill.py: graph time with a fill a launch against the shared workspace, A/B in
# one process, beside the eager kernels.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v44c3; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python -m pytest -q -p no:cacheprovider tests/test_launch.py tests/test_rownorm.py tests/test_groupnorm.py -k "graph or workspace or capture" > $W/tests.log 2>&1; tail -3 $W/tests.log; grep -E "^FAILED|^ERROR|Error" $W/tests.log | head; pack
timeout 240 python benchmarks/diag_fill.py unet640,unet320,unet1280,vae512,in2d,ln16k,ln64k --layouts nc,cl > $W/fill_bf16.log 2>&1; grep -v Warn $W/fill_bf16.log | grep -v "^    " ; pack
echo SECONDS $SECONDS
