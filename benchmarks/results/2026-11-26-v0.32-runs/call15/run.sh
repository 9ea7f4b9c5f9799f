# v0.32 call 15 (H100): the final src (SPLIT_FWD_RMS16). a) the GPU tests of the split
# path and the long rows; b) sweep_split.py, the library's defaults, rms_norm forward at
# 4M, 16-bit, with and without a residual; c) the bench as called, rms_norm and
# add_rms_norm at 4M, every dtype and mode, fusednorm alone (merged).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c15; mkdir -p $W
pack() { tar czf $OUT/call15.tgz -C /tmp v32c15; }
timeout 240 python -m pytest -q -m gpu tests/test_rownorm.py -k "split or million or launch_bwd or write_every or long" > $W/pytest.log 2>&1; pack
tail -2 $W/pytest.log
for res in 0 1; do
  env SPLIT_MODES=fwd SPLIT_OPS=rms SPLIT_DTYPES=bf16,fp16 SPLIT_RES=$res SPLIT_N=4194304 timeout 60 \
    python benchmarks/sweep_split.py $W/s$res.json > $W/s$res.log 2>&1
done; pack
timeout -s INT 200 python -m fusednorm.bench --suite rows --kind sweep --n 4194304 --op rms_norm,add_rms_norm \
  --providers fusednorm --out $W/bench > $W/bench.log 2>&1; pack
grep -h "N=" $W/s0.log $W/s1.log; grep "|" $W/bench/summary.md | grep 4194304 | head -12
echo SECONDS $SECONDS
