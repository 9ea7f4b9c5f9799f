# v0.23 call 2: eager_plan (one plan lookup for the inference and training paths): its tests
# on CUDA, the bench's inference shapes (fusednorm and torch eager in one process, all ops,
# dtypes, modes), and host_train_rows.py (plan / general / torch) once more, bf16.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
cat /proc/loadavg > $W/cpu.txt
timeout 200 python -m pytest -q -x tests/test_rownorm.py tests/test_groupnorm.py -k "cuda and (training_path or eager_path or residual_one or inference or deterministic or cuda_graph or stats or optional)" > $W/tests.log 2>&1; tail -3 $W/tests.log; pack
timeout 200 python -m fusednorm.bench --suite rows --kind inference --providers fusednorm,torch --out $W/bench_inf > $W/bench_inf.log 2>&1; pack
timeout 120 python benchmarks/host_train_rows.py $W/train_a.json --dtypes bf16 > $W/train_a.log 2>&1; pack
tail -45 $W/bench_inf/summary.md; cat $W/train_a.log; echo SECONDS $SECONDS
