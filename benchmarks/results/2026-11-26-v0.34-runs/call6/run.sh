# v0.34 call 6 (H100, a fresh machine; calls 6a-6c carried parts 0-2 of bundle2.tar to
# /tmp/qparts, this call part 3): install quack as in calls 4-5 (bundle2 adds libs-core,
# nvdisasm, protobuf 6), then
#   1. the rows suite's add_layer_norm sweep (call 5 ran out of time there) and the
#      inference shapes, fusednorm / quack / torch side by side;
#   2. GPU tests: the GroupNorm training / eager paths (the empty_like change), the bench's
#      quack tests (the stand-in and quack itself);
#   3. host_ab.py, this tree against fc75153 (.whl/base: the GroupNorm cells changed).
export PYTHONUNBUFFERED=1
S=/tmp/site; W=/tmp/v34c6; B=/tmp/qparts/b; mkdir -p $S $W $B
pack() { tar czf $OUT/call6.tgz -C /tmp v34c6; }
cat /tmp/qparts/part.0* | tee >(md5sum >&2) | tar xf - -C $B || exit 1  # ada35729... here
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target $S $B/*.whl 2>&1 | tail -3
xz -dc $B/cu13.tar.xz | tar xf - -C $S || exit 1
export PYTHONPATH=$PWD/src:$S:$S/nvidia_cutlass_dsl/dsl_packages
python3 -c "import cutlass, quack.rmsnorm; print('cutlass', cutlass.__version__, 'quack ok')" 2>&1 | tail -3
NS=256,512,1024,2048,4096,5120,8192,12288,16384,32768,65536,131072,262144,1048576
timeout 200 python3 -m fusednorm.bench --suite rows --kind sweep --op add_layer_norm --n $NS --mode fwd,bwd --providers fusednorm,quack --out $W/aln > $W/aln.log 2>&1; tail -2 $W/aln.log; pack
timeout 170 python3 -m fusednorm.bench --suite rows --kind inference --providers fusednorm,quack,torch --out $W/inf > $W/inf.log 2>&1; tail -2 $W/inf.log; pack
timeout 150 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_groupnorm.py -k "training or eager or plan" > $W/gn.log 2>&1; tail -1 $W/gn.log
timeout 100 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_bench.py -k quack > $W/bq.log 2>&1; tail -1 $W/bq.log; pack
timeout 120 python3 benchmarks/host_ab.py $W/host_ab.json .whl/base --rounds 7 > $W/host_ab.log 2>&1; tail -20 $W/host_ab.log; pack
echo SECONDS $SECONDS
