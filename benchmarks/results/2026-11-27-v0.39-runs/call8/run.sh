# v0.39 call 8 (H100): the final src. test_groupnorm.py on the GPU in three processes side
# by side (call 7's single process reached 61% in its 280 s), then the benchmark suite's
# groups suite in bf16, fusednorm and torch side by side (as called and the plots).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v39c8; }
nvidia-smi -L > $W/gpus.txt
python -m pytest --co -q -p no:cacheprovider tests/test_groupnorm.py | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 330 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; done; pack
timeout 240 python -m fusednorm.bench --suite groups --dtype bf16 --providers fusednorm,torch --out $W/groups > $W/groups.log 2>&1; tail -2 $W/groups.log; pack
echo SECONDS $SECONDS
