set -x
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD/src
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
timeout -s INT -k 15 300 python -m fusednorm.bench --suite rows --op layer_norm,add_layer_norm --kind sweep --n 65536,131072,262144,1048576 --mode fwd --out $OUT/rows > $OUT/rows.log 2>&1
timeout -s INT -k 15 240 python -m fusednorm.bench --suite groups --mode fwd --dtype bf16 --out $OUT/gbf16 > $OUT/gbf16.log 2>&1
cd $OUT && tar czf call.tgz rows gbf16 && rm -rf rows gbf16 && ls
tail -n 3 $OUT/*.log
