# v0.32 call 9 (H100): call 8's two cells out of line with their neighbours, measured
# again as called (fusednorm alone, two processes one after the other): rms_norm bf16
# backward at 4M (40.5%; fp16 58.2%) and layer_norm fp16 fwd+bwd at 2M (55.6%; bf16
# 66.9%); the first also in GPU time (sweep_split.py). Then the GPU tests of
# test_bench.py (the rows suite's new shapes).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v32c9; }
b() { # tag op dtype mode n
  timeout -s INT 100 python -m fusednorm.bench --suite rows --kind sweep --op $2 --dtype $3 \
    --mode $4 --n $5 --providers fusednorm --out $W/$1 > $W/$1.log 2>&1
}
b rms1 rms_norm bf16 bwd 4194304; b ln1 layer_norm fp16 fwd+bwd 2097152; pack
b rms2 rms_norm bf16 bwd 4194304; b ln2 layer_norm fp16 fwd+bwd 2097152; pack
env SPLIT_MODES=bwd SPLIT_DTYPES=bf16 SPLIT_OPS=rms SPLIT_VARIANTS=default timeout 60 \
  python benchmarks/sweep_split.py $W/gpu.json > $W/gpu.log 2>&1; pack
timeout 200 python -m pytest -q -m gpu tests/test_bench.py > $W/pytest.log 2>&1; pack
grep -h "%" $W/*/summary.md | grep -v "^|---" | grep "fusednorm\|x2097152\|x4194304" | head
grep "N=" $W/gpu.log; tail -2 $W/pytest.log
echo SECONDS $SECONDS
