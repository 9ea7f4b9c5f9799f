# v0.25 call 18 (H100): the groups suite at the head, fp16 and fp32, every mode and
# installed provider in one run (call 17 ran bf16).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c18; mkdir -p $W
pack() { tar czf $OUT/call18.tgz -C /tmp c18; }
timeout -s INT 540 python -m fusednorm.bench --suite groups --dtype fp16,fp32 --out $W/groups > $W/bench.log 2>&1; echo "rc=$?"; pack
tail -n 3 $W/bench.log; echo SECONDS $SECONDS
