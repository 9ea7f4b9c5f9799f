# v0.25 call 15 (H100): the head's GPU tests (row norms, GroupNorm, launch; three pytest
# processes at once), then the bench beside the peers for the backward's new tile entry
# (add_rms_norm bf16 / fp16 backward at 12288; rms_norm beside it, unchanged).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c15; mkdir -p $W
pack() { tar czf $OUT/call15.tgz -C /tmp c15; }
timeout -s INT 150 python -m fusednorm.bench --suite rows --kind sweep --op add_rms_norm,rms_norm --dtype bf16,fp16 --mode bwd --n 12288 --out $W/bench > $W/bench.log 2>&1; pack
tail -n 2 $W/bench.log; sed -n '/## rows/,$p' $W/bench/summary.md
T="timeout $((570 - SECONDS))"
$T python -m pytest -q tests/test_rownorm.py -k "cuda or gpu" -p no:cacheprovider > $W/t_rows.log 2>&1 &
$T python -m pytest -q tests/test_groupnorm.py -k "cuda or gpu" -p no:cacheprovider > $W/t_groups.log 2>&1 &
$T python -m pytest -q tests/test_launch.py -p no:cacheprovider > $W/t_launch.log 2>&1 &
wait; pack
for f in $W/t_*.log; do echo "== $f"; grep -E "FAILED|Error|passed|failed" $f | tail -n 12; done; echo SECONDS $SECONDS
