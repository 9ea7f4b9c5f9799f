# v0.25 call 19 (H100): after the mend (the tile forward's _centre helper, launch_bwd's
# _part_views), the GPU tests of those paths.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c19; mkdir -p $W
pack() { tar czf $OUT/call19.tgz -C /tmp c19; }
timeout 300 python -m pytest -q tests/test_rownorm.py -k "(cuda or gpu) and (launch_bwd or one_pass or stats_scratch or long_backward or large_mean or two_tile or residual)" -p no:cacheprovider > $W/tests.log 2>&1; pack
tail -n 3 $W/tests.log; echo SECONDS $SECONDS
