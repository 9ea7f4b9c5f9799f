# v0.37 call 11 (H100, call 10's machine, warm), the final src: every GPU test, in shards
# (test_rownorm.py in three, call 10's cut by their 250 s limit; the other files in four).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v37c11; }
nvidia-smi -L > $W/gpus.txt
python -m pytest -q --collect-only -m gpu tests/test_rownorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n r/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 280 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rows$i.log 2>&1) & done
wait; for i in 0 1 2; do tail -1 $W/rows$i.log; done; grep -h "FAILED" $W/rows*.log | head; pack
python -m pytest -q --collect-only -m gpu -p no:cacheprovider tests/test_groupnorm.py tests/test_patch.py tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py tests/test_bench.py 2>/dev/null | grep "::" > $W/ids_rest.txt
split -n r/4 -d $W/ids_rest.txt $W/rest_ids_
for i in 0 1 2 3; do (mapfile -t IDS < $W/rest_ids_0$i; timeout 280 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rest$i.log 2>&1) & done
wait; for i in 0 1 2 3; do tail -1 $W/rest$i.log; done; grep -h "FAILED" $W/rest*.log | head; pack
echo SECONDS $SECONDS
