# v0.17 call 8: BWD_COOP 16-bit LayerNorm slices of 2048 with replay 2 (call 7): all of
# tests/test_rownorm.py and tests/test_launch.py on the GPU; the bench's backward for
# layer_norm / add_layer_norm, bf16 / fp16, at 12288-262144, fusednorm only.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT 120 python -m fusednorm.bench --suite rows --op layer_norm,add_layer_norm --kind sweep --n 12288,16384,32768,65536,131072,262144 --mode bwd --dtype bf16,fp16 --providers fusednorm --out $W/rows > $W/rows.log 2>&1; pack
left=$((575 - SECONDS)); timeout -s INT -k 10 $left python -m pytest -q -p no:cacheprovider tests/test_rownorm.py tests/test_launch.py > $W/pytest_rows.log 2>&1; pack
grep -h "^| [0-9]" $W/rows/summary.md | cut -c1-80; tail -n 1 $W/rows.log; grep -h "passed\|failed\|rror" $W/pytest_rows.log | tail -3; echo SECONDS $SECONDS
