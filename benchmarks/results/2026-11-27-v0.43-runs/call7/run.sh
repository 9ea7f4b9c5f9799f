# v0.43 call 7 (H100): every test of test_groupnorm.py on the GPU on the final src (the
# per-channel sum with its 256-word rule), three processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v43c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v43c7; }
nvidia-smi -L > $W/gpus.txt
python -m pytest --co -q -p no:cacheprovider tests/test_groupnorm.py | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 270 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS
