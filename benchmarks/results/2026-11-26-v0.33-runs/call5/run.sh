# v0.33 call 5 (H100; carries .whl/base = 68734c4's src as fusednorm_old): the final src
# (fast's two keys in one function): every GPU test of test_rownorm.py in three shards, the
# launch / nn / compile tests, and host_ab.py against 68734c4 once more.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v33c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v33c5; }
python -m pytest -q --collect-only -m gpu tests/test_rownorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 330 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rows$i.log 2>&1) & done
(timeout 330 python -m pytest -q -m gpu -p no:cacheprovider tests/test_launch.py tests/test_nn.py tests/test_compile.py tests/test_check.py > $W/rest.log 2>&1) &
wait; for f in $W/rows0.log $W/rows1.log $W/rows2.log $W/rest.log; do tail -1 $f; done; pack
timeout 100 python benchmarks/host_ab.py $W/ab.json .whl/base --rounds 5 > $W/ab.log 2>&1; pack
cat $W/ab.log
echo SECONDS $SECONDS
