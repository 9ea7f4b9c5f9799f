# v0.35 call 3 (H100; calls 3a-3c carried .qk1-.qk3 of quack_bundle.sh to /tmp/qparts, this
# call .qk4): quack installed by quack_install.sh, then
#   1. the tile backward with a residual (DH_EARLY's cells: add_layer_norm / add_rms_norm,
#      N 256-8192, every dtype) and layer_norm 16-bit backward at 5120-64K (the merged run's
#      dips), fusednorm and quack side by side, this tree;
#   2. the GPU tests call 1 did not finish (test_groupnorm, test_patch, test_nn, test_check,
#      test_bench) in four shards.
export PYTHONUNBUFFERED=1
W=/tmp/v35c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v35c3; }
nvidia-smi -L > $W/gpus.txt
mkdir -p /tmp/qparts && cp .qk4/* /tmp/qparts/ && ls -la /tmp/qparts > $W/qparts.txt
source benchmarks/quack_install.sh > $W/install.log 2>&1; tail -2 $W/install.log
NS=256,512,1024,2048,4096,5120,8192
for op in add_layer_norm add_rms_norm; do
  timeout 150 python3 -m fusednorm.bench --suite rows --kind sweep --op $op --n $NS --mode bwd --providers fusednorm,quack --out $W/$op > $W/$op.log 2>&1; tail -1 $W/$op.log; pack
done
timeout 100 python3 -m fusednorm.bench --suite rows --kind sweep --op layer_norm --dtype bf16,fp16 --n 5120,12288,16384,65536 --mode bwd --providers fusednorm,quack --out $W/ln > $W/ln.log 2>&1; tail -1 $W/ln.log; pack
echo BENCH $SECONDS
for f in test_groupnorm.py test_patch.py test_nn.py test_check.py test_bench.py; do
  python3 -m pytest -q --collect-only -m gpu tests/$f -p no:cacheprovider 2>/dev/null | grep "::"; done > $W/ids.txt
split -n r/4 -d $W/ids.txt $W/ids_
for i in 0 1 2 3; do (mapfile -t IDS < $W/ids_0$i; timeout 300 python3 -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rest$i.log 2>&1) & done
wait; for i in 0 1 2 3; do tail -1 $W/rest$i.log; done; pack
echo SECONDS $SECONDS
