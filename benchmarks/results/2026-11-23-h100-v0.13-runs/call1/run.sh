set -x
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whlb/*.whl > /dev/null 2>&1
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
export PYTHONPATH=/tmp/site:$PWD/src
timeout -s INT -k 10 100 python benchmarks/trace_bwd.py $OUT/trace_fp32.json > $OUT/trace_fp32.log 2>&1
tail -n 40 $OUT/trace_fp32.log
mkdir -p $OUT/ab
for t in main alt main2 alt2; do
  case $t in main*) P=$PWD/src;; *) P=$PWD/.alt/src;; esac
  PYTHONPATH=/tmp/site:$P timeout -s INT -k 10 60 python -m fusednorm.bench --suite rows --op layer_norm,add_layer_norm --kind sweep --n 12288,16384,32768,65536,131072,262144 --mode bwd --dtype fp32 --providers fusednorm --out $OUT/ab/$t > $OUT/ab/$t.log 2>&1
  grep -A 9 "layer_norm / fp32 / bwd" $OUT/ab/$t/summary.md | cut -c1-60
done
timeout -s INT -k 10 330 python -m fusednorm.bench --suite rows --op layer_norm,add_layer_norm --kind sweep --n 12288,16384,32768,65536,131072,262144,1048576 --mode bwd,fwd+bwd --dtype bf16,fp16 --out $OUT/rows16 > $OUT/rows16.log 2>&1
tail -n 2 $OUT/rows16.log
cd $OUT && tar czf call.tgz ab rows16 && rm -rf ab rows16 && ls
