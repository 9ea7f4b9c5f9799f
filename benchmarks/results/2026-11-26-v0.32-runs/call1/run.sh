# v0.32 call 1 (H100): the row norms' split path against the loop path it replaces
# (rows longer than 16384 x SMs; fp32 LayerNorm's backward with dh from 8192 x SMs).
# a) GPU tests of the split path and the long rows; b) sweep_coop.py, the library's
# default config, FUSEDNORM_SPLIT=1 / 0, without and with a residual, GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v32c1; }
S="SWEEP_MODES=fwd,bwd SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_FWD=default SWEEP_BWD=default"
sw() { # tag split res N warm timeout
  env $S FUSEDNORM_SPLIT=$2 SWEEP_RES=$3 SWEEP_N=$4 SWEEP_WARM=$5 timeout $6 \
    python benchmarks/sweep_coop.py $W/$1.json > $W/$1.log 2>&1
}
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv > $W/gpu.txt
sw w10 1 0 4194304 1 200 & sw w00 0 0 4194304 1 200 & sw w11 1 1 2097152,4194304 1 200 &
sw w01 0 1 2097152,4194304 1 200 &
timeout 200 python -m pytest -q -m gpu tests/test_rownorm.py -k "split or million or write_every or long_row" > $W/pytest.log 2>&1 &
wait; pack; echo WARM $SECONDS; tail -3 $W/pytest.log
sw s1 1 0 4194304,16777216 0 110; pack
sw s0 0 0 4194304 0 80; pack
sw r1 1 1 2097152,4194304 0 90; pack
sw r0 0 1 2097152,4194304 0 90; pack
grep -h "Error\|error\|FAILED" $W/w*.log | sort | uniq -c | head
for f in s1 s0 r1 r0; do echo "== $f"; grep -E " (fwd|bwd) N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
