# v0.26 call 12 (H100): the bench beside the peers, groups suite, bf16 backward (GroupNorm's
# 16-bit rows path now loads each row's statistics a step ahead; the channels_last and
# group paths unchanged), every installed provider.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp c12; }
timeout -s INT 300 python -m fusednorm.bench --suite groups --dtype bf16 --mode bwd --out $W/groups > $W/bench.log 2>&1; echo "rc=$?"; rm -f $W/groups/*.png; pack
tail -n 2 $W/bench.log; sed -n '/## groups/,$p' $W/groups/summary.md | grep -v "^$" | grep -v "^|---" | head -60; echo SECONDS $SECONDS
