# v0.45 call 8 (H100): the two forced cooperative-backward tests of test_rownorm.py after
# their setup moved into _run_coop_2048 (tests only; src as call 7), on the GPU.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v45c8; mkdir -p $W
nvidia-smi -L > $W/gpus.txt
timeout 200 python -m pytest -q -m gpu -p no:cacheprovider tests/test_rownorm.py -k "pack16 or late_terms" > $W/tests.log 2>&1; tail -3 $W/tests.log
tar czf $OUT/call8.tgz -C /tmp v45c8
echo SECONDS $SECONDS
