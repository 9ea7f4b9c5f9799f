# v0.16 call 3: the GPU tests of the changed kernels in full (tests/test_rownorm.py, and
# tests/test_groupnorm.py's GPU cases), then the bench's groups suite backward (bf16, fp32;
# fusednorm and torch): the rows-path backward's new config and KEEP_DZ.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT -k 10 210 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py > $W/pytest_rows.log 2>&1
tail -n 1 $W/pytest_rows.log; pack
timeout -s INT -k 10 200 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k cuda > $W/pytest_gn.log 2>&1
tail -n 1 $W/pytest_gn.log; pack
left=$((575 - SECONDS)); [ $left -gt 30 ] && timeout -s INT -k 5 $left python -m fusednorm.bench --suite groups --mode bwd --dtype bf16,fp32 --providers fusednorm,torch --out $W/gbwd > $W/gbwd.log 2>&1; pack
grep -h "passed\|failed\|rror" $W/pytest*.log | tail -6
grep -B2 -A18 "/ bwd$" $W/gbwd/summary.md | cut -c1-110
