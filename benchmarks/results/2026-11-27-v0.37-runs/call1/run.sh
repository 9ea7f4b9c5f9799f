# v0.37 call 1 (H100): ab_gpu.py's rows cells (the forwards with shifted / corrected
# statistics against v0.36's src, carried as .whl/old/fusednorm_old), then this session's
# constant-row tests on the GPU.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v37c1; }
nvidia-smi -L > $W/gpus.txt
timeout 480 python benchmarks/ab_gpu.py $W/ab_rows.json .whl/old --suite rows > $W/ab_rows.log 2>&1
tail -4 $W/ab_rows.log; pack
timeout 90 python -m pytest -q -p no:cacheprovider -m gpu tests/test_rownorm.py tests/test_groupnorm.py -k "constant" > $W/tests.log 2>&1
tail -3 $W/tests.log; grep -h "FAILED" $W/tests.log | head
pack
echo SECONDS $SECONDS
