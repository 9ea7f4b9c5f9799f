# v0.24 call 10 (the H100 of call 9): the autograd engine's floor beside fusednorm's and
# torch's backward calls (host_floor.py), two processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp c10; }
for p in a b; do timeout 120 python benchmarks/host_floor.py $W/floor_$p.json > $W/floor_$p.log 2>&1; pack; done
cat $W/floor_a.log $W/floor_b.log; echo SECONDS $SECONDS
