# v0.24 call 14 (ask for an H100): the head's GPU tests that call 13's time limit cut:
# tests/test_rownorm.py and tests/test_patch.py on CUDA.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c14; mkdir -p $W
pack() { tar czf $OUT/call14.tgz -C /tmp c14; }
timeout 480 python -m pytest -q tests/test_rownorm.py tests/test_patch.py -k cuda -p no:cacheprovider > $W/tests.log 2>&1; pack
tail -n 15 $W/tests.log; echo SECONDS $SECONDS
