# v0.42 call 7 (H100): the final src. Every test outside test_rownorm.py (whose code this
# session did not change) on the GPU, four processes side by side.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v42c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v42c7; }
nvidia-smi -L > $W/gpus.txt
python -m pytest --co -q -p no:cacheprovider tests | grep "::" | grep -v test_rownorm.py > $W/ids.txt
split -n l/4 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 450 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS
