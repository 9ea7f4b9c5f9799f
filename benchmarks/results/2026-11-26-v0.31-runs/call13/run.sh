# v0.31 call 13 (H100): the rest of call 12: GPU-marked tests of test_rownorm.py (call 12
# stopped in test_patch.py), interrupted at 540 s if not done.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp v31c13; }
timeout -s INT 540 python -m pytest -q -m gpu tests/test_rownorm.py tests/test_patch.py -p no:cacheprovider -rf > $W/t_gpu.log 2>&1; pack
tail -n 6 $W/t_gpu.log
echo SECONDS $SECONDS
