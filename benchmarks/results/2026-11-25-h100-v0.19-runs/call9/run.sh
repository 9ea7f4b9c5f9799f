# v0.19 call 9: GPU tests of the final tree (a943a80's bwd_config refactor and later):
# the backward tables' and launchers' tests of tests/test_rownorm.py.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
mkdir -p $OUT/c9
timeout 150 python -m pytest -q tests/test_rownorm.py -k "cuda and (bwd_tile or launchers or configs_per_norm or backward)" > $OUT/c9/pytest.log 2>&1
tail -3 $OUT/c9/pytest.log; echo SECONDS $SECONDS
