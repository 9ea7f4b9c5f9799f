# v0.36 call 7 (H100): the GPU tests outside test_rownorm.py (groupnorm, patch, compile, nn,
# check, launch, bench) in four parallel shards on 52521f6 (calls 4 and 6 cut them).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v36c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v36c7; }
nvidia-smi -L > $W/gpus.txt
python -m pytest -q --collect-only -m gpu -p no:cacheprovider tests/test_groupnorm.py tests/test_patch.py tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py tests/test_bench.py 2>/dev/null | grep "::" > $W/ids.txt
split -n r/4 -d $W/ids.txt $W/ids_
for i in 0 1 2 3; do (mapfile -t IDS < $W/ids_0$i; timeout 480 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rest$i.log 2>&1) & done
wait; for i in 0 1 2 3; do tail -1 $W/rest$i.log; done; grep -h "FAILED" $W/rest*.log | head; pack
echo SECONDS $SECONDS
