# v0.24 call 12 (ask for an H100): a row norm's backward host time piece by piece
# (host_bwd_pieces.py), two processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp c12; }
for p in a b; do timeout 150 python benchmarks/host_bwd_pieces.py $W/pieces_$p.json > $W/pieces_$p.log 2>&1; pack; done
cat $W/pieces_a.log $W/pieces_b.log; echo SECONDS $SECONDS
