python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD/src
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
timeout -s INT -k 15 280 python -m fusednorm.bench --suite groups --mode fwd --dtype fp16,fp32 --out $OUT/gfwd > $OUT/gfwd.log 2>&1
timeout -s INT -k 15 260 python -m fusednorm.bench --suite groups --mode bwd --dtype bf16 --out $OUT/gbwd > $OUT/gbwd.log 2>&1
cd $OUT && tar czf call.tgz gfwd gbwd && rm -rf gfwd gbwd && ls
tail -n 2 $OUT/*.log
