# v0.33 call 7 (H100): why the bench's host-bound cells read slower than host_ab.py's
# (benchmarks/diag_clock.py: one call timed five ways, in one process, two processes).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v33c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v33c7; }
for p in a b; do timeout 200 python benchmarks/diag_clock.py $W/c_$p.json > $W/c_$p.log 2>&1; pack; done
cat $W/c_a.log $W/c_b.log
echo SECONDS $SECONDS
