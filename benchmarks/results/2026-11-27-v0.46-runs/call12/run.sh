# v0.46 call 12 (H100): after call 9, rows of several channels took GN_BWD_COOP's entries
# (VAE 512 on 4096 / 4 / 3, call 11) and test_rows_v046_configs_gpu is new: that test and
# test_groupnorm.py's rows-path, large, training, determinism and repeated-run GPU tests,
# four processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp v46c12; }
nvidia-smi -L > $W/gpus.txt
python -m pytest --co -q -m gpu -p no:cacheprovider tests/test_groupnorm.py -k "rows or large or training or deterministic or repeated" | grep "::" > $W/ids.txt
wc -l < $W/ids.txt
split -n r/4 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 300 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS
