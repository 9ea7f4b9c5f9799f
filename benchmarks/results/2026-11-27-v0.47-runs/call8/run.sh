# v0.47 call 8 (H100): every GPU test (-m gpu, all files) on the final src (call 5 ran them
# before the GROUP_EPT knob and comments), eight processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v47c8; }
nvidia-smi -L > $W/gpus.txt
python -m pytest --co -q -m gpu -p no:cacheprovider tests | grep "::" > $W/ids.txt
wc -l < $W/ids.txt
split -n r/8 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 330 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS

