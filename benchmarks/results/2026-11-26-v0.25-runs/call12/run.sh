# v0.25 call 12 (H100): ONE_PASS in the table (16-bit LayerNorm at 12288 and 32768): the
# row norms' forward GPU tests (ONE_PASS forced both ways, the launch tests, residual and
# large-mean forms), then the bench beside the peers at those lengths (layer_norm /
# add_layer_norm, bf16 / fp16, forward; every installed provider).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp c12; }
timeout 240 python -m pytest -q tests/test_rownorm.py -k "(cuda or gpu) and (one_pass or large_mean or launch_infer or stats_scratch or forward or residual or tile)" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 3 $W/tests.log; pack
timeout -s INT 250 python -m fusednorm.bench --suite rows --kind sweep --op layer_norm,add_layer_norm --dtype bf16,fp16 --mode fwd --n 12288,32768 --out $W/bench > $W/bench.log 2>&1; pack
tail -n 2 $W/bench.log; sed -n '/## rows/,$p' $W/bench/summary.md; echo SECONDS $SECONDS
