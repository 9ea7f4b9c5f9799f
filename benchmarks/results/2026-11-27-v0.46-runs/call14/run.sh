# v0.46 call 14 (H100): the new test_cooperative_forward_words on the GPU (the final src of
# call 13; tests only changed since).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c14; mkdir -p $W
nvidia-smi -L > $W/gpus.txt
timeout 200 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "cooperative_forward_words" > $W/tests.log 2>&1
tail -3 $W/tests.log
tar czf $OUT/call14.tgz -C /tmp v46c14
echo SECONDS $SECONDS
