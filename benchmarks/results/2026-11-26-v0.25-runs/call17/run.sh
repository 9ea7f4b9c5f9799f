# v0.25 call 17 (H100): the groups suite at the head, bf16, every mode and installed
# provider in one run (the merged run's groups records were v0.18's); interrupted by its
# time limit if it runs long (what was measured is written).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c17; mkdir -p $W
pack() { tar czf $OUT/call17.tgz -C /tmp c17; }
timeout -s INT 540 python -m fusednorm.bench --suite groups --dtype bf16 --out $W/groups > $W/bench.log 2>&1; echo "rc=$?"; pack
tail -n 3 $W/bench.log; echo SECONDS $SECONDS
