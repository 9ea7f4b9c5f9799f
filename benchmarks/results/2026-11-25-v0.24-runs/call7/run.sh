# v0.24 call 7 (ask for an H100): where an inference-path call's host time goes, against
# torch's whole call (host_infer.py, one process, rounds alternated), two processes;
# with the candidate leaner launches (fixed_or, lean).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
git rev-parse HEAD > $W/rev 2>/dev/null
for p in a b; do timeout 200 python benchmarks/host_infer.py $W/host_$p.json > $W/host_$p.log 2>&1; pack; done
cat $W/host_a.log $W/host_b.log; echo SECONDS $SECONDS
