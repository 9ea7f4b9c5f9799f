set -x
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whlb/*.whl > /dev/null 2>&1
export PYTHONUNBUFFERED=1
export PYTHONPATH=/tmp/site:$PWD/src
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
timeout -s INT -k 10 130 python -m fusednorm.bench --suite rows --op layer_norm,add_layer_norm --kind sweep --n 12288,16384,32768,65536,131072,262144,1048576 --mode bwd,fwd+bwd --dtype fp32 --out $OUT/rows32 > $OUT/rows32.log 2>&1
tail -n 1 $OUT/rows32.log
grep -A 11 "fp32 / bwd$" $OUT/rows32/summary.md | cut -c1-120
timeout -s INT -k 10 420 python -m fusednorm.bench --suite groups --mode bwd --out $OUT/gbwd > $OUT/gbwd.log 2>&1
tail -n 1 $OUT/gbwd.log
cd $OUT && tar czf call.tgz rows32 gbwd && rm -rf rows32 gbwd && ls
