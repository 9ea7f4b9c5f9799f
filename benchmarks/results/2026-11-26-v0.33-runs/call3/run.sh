# v0.33 call 3 (H100; carries .whl/base = 68734c4's src as fusednorm_old): every GPU test in
# four shards side by side; host_ab.py against 68734c4 (two processes, and one of the
# backward cells); the rows suite's inference shapes as called, all modes, beside torch.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v33c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v33c3; }
nvidia-smi -L > $W/gpus.txt
python -m pytest -q --collect-only -m gpu tests/test_rownorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 330 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rows$i.log 2>&1) & done
(timeout 330 python -m pytest -q -m gpu -p no:cacheprovider tests/test_groupnorm.py tests/test_patch.py tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py tests/test_bench.py > $W/rest.log 2>&1) &
wait; for f in $W/rows0.log $W/rows1.log $W/rows2.log $W/rest.log; do tail -1 $f; done; pack
for p in a b; do timeout 100 python benchmarks/host_ab.py $W/ab_$p.json .whl/base --rounds 5 > $W/ab_$p.log 2>&1; pack; done
timeout 80 python benchmarks/host_ab.py $W/abw.json .whl/base --rounds 5 --bwd > $W/abw.log 2>&1; pack
cat $W/ab_a.log $W/ab_b.log $W/abw.log
timeout 120 python -m fusednorm.bench --suite rows --kind inference --providers fusednorm,torch --out $W/inf > $W/inf.log 2>&1; pack
grep -E "^\| rows" $W/inf/summary.md | head -40
echo SECONDS $SECONDS
