# v0.16 call 8: all of tests/test_rownorm.py on the GPU (calls 3 and 7 stopped by their
# timeouts at 71-72% on a cold Triton cache), then tests/test_launch.py and test_compile.py.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT -k 10 420 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py > $W/pytest_rows.log 2>&1; pack
left=$((570 - SECONDS)); timeout -s INT -k 10 $left python -m pytest -q -p no:cacheprovider tests/test_launch.py tests/test_compile.py > $W/pytest_rest.log 2>&1; pack
tail -n 2 $W/pytest_rows.log | cut -c1-200
tail -n 2 $W/pytest_rest.log | cut -c1-200
grep -h "FAILED\|Error" $W/pytest*.log | head -10
