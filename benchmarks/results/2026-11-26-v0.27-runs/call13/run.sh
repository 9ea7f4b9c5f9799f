# v0.27 call 13 (H100): the final tree's GPU tests (every CUDA test of the row norms, the
# launch layer, and GroupNorm's sums / backward / rows path), then the bench as called for
# layer_norm fp32 at 16384 beside the peers (call 4's record ran the narrow sum tile there,
# which the final table leaves to 40+ partial rows: 33 at that N).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp c13; }
timeout 330 python -m pytest -q tests/test_rownorm.py -k "cuda or gpu" -p no:cacheprovider > $W/t_rows.log 2>&1; pack
timeout 60 python -m pytest -q tests/test_launch.py -k "cuda or gpu" -p no:cacheprovider > $W/t_launch.log 2>&1; pack
timeout 200 python -m pytest -q tests/test_groupnorm.py -k "cuda and (sum_partials or backward or rows)" -p no:cacheprovider > $W/t_groups.log 2>&1; pack
timeout -s INT 60 python -m fusednorm.bench --suite rows --kind sweep --op layer_norm --dtype fp32 --mode bwd,fwd+bwd --n 16384 --out $W/bench > $W/bench.log 2>&1
rm -f $W/bench/*.png; pack
for f in $W/t_*.log; do echo "== $f"; grep -E "FAILED|Error|passed|failed" $f | tail -n 6; done
sed -n '/## rows/,$p' $W/bench/summary.md | grep -v "^$" | grep -v "^|---"
echo SECONDS $SECONDS
