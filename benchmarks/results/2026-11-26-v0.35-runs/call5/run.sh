# v0.35 call 5 (H100): host_cols.py, where a channels_last GroupNorm forward's host time
# goes (the three-launch columns path against the one-launch cooperative path), two
# processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c5; mkdir -p $W
for p in a b; do timeout 120 python benchmarks/host_cols.py > $W/host_$p.log 2>&1; done
tar czf $OUT/call5.tgz -C /tmp v35c5
cat $W/host_a.log; grep path $W/host_b.log
