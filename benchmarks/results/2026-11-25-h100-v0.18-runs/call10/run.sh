# v0.18 call 10: the GPU tests on the final tree (the least-GROUP entry; the backward tile
# path's source back to 50c4c01's): all of tests/test_rownorm.py and tests/test_launch.py.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp c10; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT -k 10 420 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py tests/test_launch.py > $W/pytest_rows.log 2>&1; pack
tail -n 3 $W/pytest_rows.log; echo SECONDS $SECONDS
