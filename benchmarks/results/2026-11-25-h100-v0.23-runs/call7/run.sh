# v0.23 call 7: GroupNorm / InstanceNorm's training path (ops.groupnorm.fast): GPU tests;
# host_train.py (plan / general / torch, rounds alternated) at the groups suite's UNet
# shapes; the bench's groups suite fwd+bwd as called (fusednorm and torch).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
timeout 150 python -m pytest -q tests/test_groupnorm.py tests/test_rownorm.py -k "cuda and (training_path or eager_path or inference_path)" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 2 $W/tests.log; pack
timeout 120 python benchmarks/host_train.py $W/train_gn.json --ops group_norm,instance_norm --dtypes bf16 --modes fwd,fwd+bwd --shapes 16x320x64x64,16x320x64x64cl,16x1280x8x8,16x1280x8x8cl,16x64x128x128 > $W/train_gn.log 2>&1; pack
left=$((470 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite groups --providers fusednorm,torch --mode fwd+bwd --dtype bf16,fp32 --out $W/bench_gn > $W/bench_gn.log 2>&1; pack
cat $W/train_gn.log; tail -n 3 $W/bench_gn.log; echo SECONDS $SECONDS
