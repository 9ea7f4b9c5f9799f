# v0.25 call 9 (H100): the inference path's statistics variant for fp32 add_layer_norm at
# 32K (kernels.rownorm._stats_scratch): its GPU tests and the row norms' launch tests on
# CUDA, then the bench beside the peers (add_layer_norm / add_rms_norm fp32 forward at
# 16384 / 32768), and the sweep of that variant through launch_infer (SWEEP_INFER=1).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp c9; }
timeout 200 python -m pytest -q tests/test_rownorm.py -k "(cuda or gpu) and (stats_scratch or launch_infer or launch_bwd or launch_cache or residual)" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 3 $W/tests.log; pack
timeout -s INT 200 python -m fusednorm.bench --suite rows --kind sweep --op add_layer_norm,add_rms_norm --dtype fp32 --mode fwd --n 16384,32768 --out $W/bench > $W/bench.log 2>&1; pack
tail -n 2 $W/bench.log; sed -n '/## rows/,$p' $W/bench/summary.md
for p in 1 2; do SWEEP_INFER=1 SWEEP_MODES=fwd SWEEP_N=32768 SWEEP_DTYPES=fp32 SWEEP_RES=1 SWEEP_OPS=ln SWEEP_FWD=default timeout 100 python benchmarks/sweep_coop.py $W/s_$p.json > $W/s_$p.log 2>&1; pack; done
cat $W/s_*.log | grep -v NVIDIA; echo SECONDS $SECONDS
