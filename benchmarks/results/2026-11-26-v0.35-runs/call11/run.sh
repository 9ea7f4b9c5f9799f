# v0.35 call 11 (H100): the final GROUP_COLS_* rule (forward only, groups of 64 KB+: fp32
# UNet 640 channels_last to the columns path; bf16 UNet 1280 back on the group path):
# the groups suite at 16x1280x16x16 (bf16, every mode) and fp32 16x640x32x32 forward,
# fusednorm and torch side by side; silu_ab.py (bf16); the GPU tests of test_groupnorm.py.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v35c11; }
nvidia-smi -L > $W/gpus.txt
timeout 90 python -m fusednorm.bench --suite groups --op group_norm --dtype bf16 --shape 16x1280x16x16 --providers fusednorm,torch --out $W/g1280 > $W/g1280.log 2>&1; tail -1 $W/g1280.log
timeout 90 python -m fusednorm.bench --suite groups --op group_norm --dtype fp32 --mode fwd --shape 16x640x32x32 --providers fusednorm,torch --out $W/g640 > $W/g640.log 2>&1; tail -1 $W/g640.log; pack
grep -E "^\| 16x" $W/g1280/summary.md $W/g640/summary.md
timeout 120 python benchmarks/silu_ab.py $W/silu_ab.json > $W/silu_ab.log 2>&1; cat $W/silu_ab.log; pack
python -m pytest -q --collect-only -m gpu tests/test_groupnorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n r/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 200 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/gn$i.log 2>&1) & done
wait; for i in 0 1 2; do tail -1 $W/gn$i.log; done; pack
echo SECONDS $SECONDS
