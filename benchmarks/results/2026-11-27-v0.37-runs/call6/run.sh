# v0.37 call 6 (H100): fp32 LayerNorm at 32768 without statistics asked now runs the
# variant that writes them, into scratch (_stats_scratch); ab_gpu.py against v0.36's src,
# 15 rounds, two processes; then the GPU tests outside test_rownorm.py in four shards.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v37c6; }
nvidia-smi -L > $W/gpus.txt
CELLS="layer_norm float32 32768,layer_norm float32 16384,add_layer_norm bfloat16 12288,layer_norm bfloat16 32768"
for p in a b; do
  timeout 100 python benchmarks/ab_gpu.py $W/ab_$p.json .whl/old --suite rows --rounds 15 --cells "$CELLS" > $W/ab_$p.log 2>&1
  grep "^\[" $W/ab_$p.log
done
pack
python -m pytest -q --collect-only -m gpu -p no:cacheprovider tests/test_groupnorm.py tests/test_patch.py tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py tests/test_bench.py 2>/dev/null | grep "::" > $W/ids.txt
split -n r/4 -d $W/ids.txt $W/ids_
for i in 0 1 2 3; do (mapfile -t IDS < $W/ids_0$i; timeout 420 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rest$i.log 2>&1) & done
wait; for i in 0 1 2 3; do tail -1 $W/rest$i.log; done; grep -h "FAILED" $W/rest*.log | head; pack
echo SECONDS $SECONDS
