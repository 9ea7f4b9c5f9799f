# v0.27 call 8 (H100): (a) GPU tests of the dh prefetch and the row norms' backward after
# DH_L2 left fp32 RMSNorm's 1M config; (b) the bench as called, add_rms_norm fp32 at 1M
# beside the peers (bwd, fwd+bwd); (c) 16-bit RMSNorm with dh at 1M, fp16 (81.5-82.8% in
# call 7 against bf16's 86.3): candidates with statistics ahead (FUSEDNORM_STATS_AHEAD=1,
# the table's entry has it), bf16 and fp16, two processes. GPU time (sweep_coop.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
export SWEEP_MODES=bwd SWEEP_N=1048576 SWEEP_OPS=rms SWEEP_RES=1 SWEEP_DTYPES=bf16,fp16 FUSEDNORM_STATS_AHEAD=1
export SWEEP_BWD="default;8192/8/1/1/1/0/1;8192/16/1/1/1/0/1;8192/8/1/1/1/0/0;16384/32/1/1/1/1;16384/16/1/1/1/1;16384/32/1/1/1/2"
SWEEP_WARM=1 timeout 300 python benchmarks/sweep_coop.py $W/warm.json > $W/warm.log 2>&1 &
timeout 300 python -m pytest -q tests/test_rownorm.py -k "cuda and (dh_prefetch or million or residual)" -p no:cacheprovider > $W/t_rows.log 2>&1
wait; pack
for p in 1 2; do timeout 120 python benchmarks/sweep_coop.py $W/s_$p.json > $W/s_$p.log 2>&1; pack; done
unset FUSEDNORM_STATS_AHEAD
timeout -s INT 120 python -m fusednorm.bench --suite rows --kind sweep --op add_rms_norm --dtype fp32 --mode bwd,fwd+bwd --n 1048576 --out $W/bench > $W/bench.log 2>&1
rm -f $W/bench/*.png; pack
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 5
for p in 1 2; do echo "== s_$p"; grep -v "^NVIDIA" $W/s_$p.log | sed 's/ bwd N=1048576//'; done
sed -n '/## rows/,$p' $W/bench/summary.md | grep -v "^$"
echo SECONDS $SECONDS
