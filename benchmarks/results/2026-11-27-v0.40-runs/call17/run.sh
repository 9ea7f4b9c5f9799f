# v0.40 call 17 (H100): the final src. Every test of test_groupnorm.py on the GPU in three
# processes side by side (with the new test_rows_bwd_channel_slices_gpu), then the
# benchmark suite's groups suite in bf16 and fp32, fusednorm and torch side by side (as
# called; summary and plots).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c17; mkdir -p $W
pack() { tar czf $OUT/call17.tgz -C /tmp v40c17; }
nvidia-smi -L > $W/gpus.txt
python -m pytest --co -q -p no:cacheprovider tests/test_groupnorm.py | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 330 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; done; rm -f $W/part0?; pack
for dt in bf16 fp32; do
  timeout 200 python -m fusednorm.bench --suite groups --dtype $dt --providers fusednorm,torch \
    --out $W/groups_$dt > $W/groups_$dt.log 2>&1; tail -2 $W/groups_$dt.log; pack
done
echo SECONDS $SECONDS
