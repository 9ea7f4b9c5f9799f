# v0.23 call 8: the once-differentiable backwards on the GPU (double backward raises on
# every route), with the training-path and eager-path tests once more.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
timeout 150 python -m pytest -q tests/test_rownorm.py tests/test_groupnorm.py -k "cuda and (double_backward or training_path or eager_path or residual_one or million)" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 3 $W/tests.log; pack
echo SECONDS $SECONDS
