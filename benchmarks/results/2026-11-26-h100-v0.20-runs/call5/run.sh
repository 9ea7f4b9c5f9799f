# v0.20 call 5: GPU tests of the final kernels (ab256a4's), the row-norm and launch tests
# on the GPU that call 4 did not run.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
mkdir -p $OUT/c5
nvidia-smi --query-gpu=name --format=csv > $OUT/c5/gpu.txt 2>&1
timeout 330 python -m pytest -q tests/test_rownorm.py tests/test_launch.py -k "(cuda or gpu) and not (hold_w or replay or two_rows or sync_modes or large_mean or forward_steps)" > $OUT/c5/pytest.log 2>&1
tail -3 $OUT/c5/pytest.log; echo SECONDS $SECONDS
