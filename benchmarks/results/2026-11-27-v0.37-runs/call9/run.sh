# v0.37 call 9 (H100), the final src: the constant-input tests again (eps = 0 added to the
# rows' forward check, the cooperative forward's scale taking r_i * 0; GroupNorm's fp32
# gradients with a constant group), and the cooperative forward tests.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v37c9; }
nvidia-smi -L > $W/gpus.txt
timeout 300 python -m pytest -q -p no:cacheprovider -m gpu tests/test_rownorm.py tests/test_groupnorm.py -k "constant or cooperative or coop" > $W/tests.log 2>&1
tail -1 $W/tests.log; grep -h "FAILED" $W/tests.log | head; pack
echo SECONDS $SECONDS
