# v0.27 call 11 (H100): after call 10's table change (16-bit RMSNorm with dh: 12288 on the
# cooperative path, statistics ahead on 2048 / 4 / 4): GPU tests of the row norms'
# backward with dh, then the bench as called, add_rms_norm bf16 / fp16 beside the peers
# at 12288-256K (bwd, fwd+bwd).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp c11; }
timeout 300 python -m pytest -q tests/test_rownorm.py -k "cuda and (dh_prefetch or long_backward_tile or residual or own_statistics or stats_ahead)" -p no:cacheprovider > $W/t_rows.log 2>&1; pack
timeout -s INT 250 python -m fusednorm.bench --suite rows --kind sweep --op add_rms_norm --dtype bf16,fp16 --mode bwd,fwd+bwd --n 12288,16384,32768,65536,131072,262144 --out $W/bench > $W/bench.log 2>&1
rm -f $W/bench/*.png; pack
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 5
sed -n '/## rows/,$p' $W/bench/summary.md | grep -v "^$" | grep -v "^|---"
echo SECONDS $SECONDS
