# v0.36 call 4 (H100): every GPU test (test_rownorm.py in three shards, the rest in a
# fourth) on 2cda6a4 (create_graph refused, forward-mode AD through the reference math, the
# argument checks and empty shapes of this session).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v36c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v36c4; }
nvidia-smi -L > $W/gpus.txt
python -m pytest -q --collect-only -m gpu tests/test_rownorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 450 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rows$i.log 2>&1) & done
(timeout 450 python -m pytest -q -m gpu -p no:cacheprovider tests/test_groupnorm.py tests/test_patch.py tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py tests/test_bench.py > $W/rest.log 2>&1) &
wait; for f in $W/rows0.log $W/rows1.log $W/rows2.log $W/rest.log; do tail -1 $f; done; pack
grep -h "FAILED\|Error" $W/*.log | head -20
echo SECONDS $SECONDS
