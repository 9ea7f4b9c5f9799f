# v0.24 call 1: programmatic dependent launch (PDL) for the calls that run several kernels
# in a row (channels_last columns path, group path and row-norm backward sum launches):
# GPU tests, then ab_pdl.py (PDL off / on alternated in one process, bf16).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
git rev-parse HEAD > $W/rev 2>/dev/null; git status --short > $W/status 2>/dev/null
timeout 200 python -m pytest -q tests/test_pdl.py tests/test_groupnorm.py tests/test_rownorm.py -k "pdl or (cuda and (graph or cols or channels_last or backward or bwd or training_path))" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 3 $W/tests.log; pack
left=$((560 - SECONDS)); timeout -s INT $left python benchmarks/ab_pdl.py $W/ab_pdl_bf16.json --dtypes bf16 > $W/ab_pdl_bf16.log 2>&1; pack
cat $W/ab_pdl_bf16.log; echo SECONDS $SECONDS
