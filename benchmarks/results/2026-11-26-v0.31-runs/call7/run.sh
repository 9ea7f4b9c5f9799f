# v0.31 call 7 (H100): a) CUDA tests of the long-row tables with dh (LONG_BWD with dh);
# b) issue 4's "very large" examples, GroupNorm 2x128x1024x1024 (groups of 4M) and
# InstanceNorm 1x32x256^3 (16.7M), both layouts, bf16: the forward's rows path (the loop
# path there, one program a group) against the other paths (ROWS_FWD false), GPU time and
# as called (sweep_groupnorm.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v31c7; }
SET='[{}, {"ROWS_FWD": false}]'
timeout 250 python benchmarks/sweep_groupnorm.py $W/gw.json --cases vae1024,in3d256 --settings "$SET" --warm --no-torch > $W/gw.log 2>&1 &
timeout 250 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "million_row_gpu or long_row or residual" > $W/t_rows.log 2>&1
wait; pack; echo TESTS $SECONDS
timeout 300 python benchmarks/sweep_groupnorm.py $W/g.json --cases vae1024,in3d256 --settings "$SET" > $W/g.log 2>&1; pack
grep -E "passed|failed" $W/t_*.log
grep -v "^ " $W/g.log
echo SECONDS $SECONDS
