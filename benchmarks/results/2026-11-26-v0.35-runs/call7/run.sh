# v0.35 call 7 (H100; carries .whl/cols = 8406121's src as fusednorm_old): the columns
# path's inference forward with mean / rstd in the stream's scratch and every launch direct
# (_launch_cols_fwd) against 8406121: host_ab.py --cols, two processes; the groups suite's
# GroupNorm channels_last forward, bf16, fusednorm and torch side by side, as called; the
# GPU tests of GroupNorm's inference / eager / channels_last paths.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v35c7; }
nvidia-smi -L > $W/gpus.txt
for p in a b; do timeout 100 python benchmarks/host_ab.py $W/ab_$p.json .whl/cols --cols --rounds 7 > $W/ab_$p.log 2>&1; pack; done
cat $W/ab_a.log $W/ab_b.log
timeout 200 python -m fusednorm.bench --suite groups --op group_norm --dtype bf16 --mode fwd --providers fusednorm,torch --out $W/gfwd > $W/gfwd.log 2>&1; tail -1 $W/gfwd.log; pack
grep -E "cl|channels" $W/gfwd/summary.md | head -20
timeout 250 python -m pytest -q -m gpu -p no:cacheprovider tests/test_groupnorm.py -k "cols or channels_last or eager or inference or fast" > $W/pytest.log 2>&1; tail -1 $W/pytest.log; pack
echo SECONDS $SECONDS
