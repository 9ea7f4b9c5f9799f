# v0.23 call 1: the training path (ops.rownorm.train) on the GPU: its tests on CUDA, then
# host_train_rows.py (as the bench times: plan / general eager path / torch eager, rounds
# alternated) at the inference shapes in two processes, and a GPU-bound shape.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
cat /proc/loadavg > $W/cpu.txt; lscpu | grep -i "model name\|MHz" >> $W/cpu.txt
timeout 240 python -m pytest -q -x tests/test_rownorm.py -k "cuda and (training_path or eager_path or residual_one or inference_path or residual or sizes or deterministic or cuda_graph)" > $W/tests.log 2>&1; tail -3 $W/tests.log; pack
for p in a b; do timeout 150 python benchmarks/host_train_rows.py $W/train_$p.json > $W/train_$p.log 2>&1; pack; done
timeout 60 python benchmarks/host_train_rows.py $W/train_big.json --ops layer_norm,add_rms_norm --dtypes bf16 --shapes 32768x4096,2048x65536 --rounds 2 > $W/train_big.log 2>&1; pack
cat $W/train_a.log $W/train_b.log $W/train_big.log | grep -v "^$" | head -170; echo SECONDS $SECONDS
