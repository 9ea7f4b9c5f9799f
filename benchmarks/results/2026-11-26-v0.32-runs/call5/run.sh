# v0.32 call 5 (H100): a) the GPU tests of test_rownorm.py that call 4's ran out of time
# for (ids.txt: from the 197th on; 196 passed there); b) sweep_split.py, the cooperative
# path's long-row entries (the library's default) against the split path forced, at
# 1.125M, 1.5M and 2M, with and without a residual; c) the backward apply's rows last
# first (SPLIT_BWD_REVERSE) at 4M.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c5; mkdir -p $W
D=benchmarks/results/2026-11-26-v0.32-runs/call5
pack() { tar czf $OUT/call5.tgz -C /tmp v32c5; }
sp() { # tag modes dtypes res N variants warm timeout
  env SPLIT_MODES=$2 SPLIT_DTYPES=$3 SPLIT_RES=$4 SPLIT_N=$5 SPLIT_VARIANTS="$6" SPLIT_WARM=$7 timeout $8 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
NS=1179648,1572864,2097152
sp w0 fwd,bwd bf16,fp32 0 $NS "default;split" 1 200 & sp w1 fwd,bwd bf16,fp32 1 $NS "default;split" 1 200 &
sp wr bwd bf16,fp32 0 4194304 "4096/4/131072/-;4096/4/131072/-/r" 1 200 &
timeout 250 python -m pytest -q -m gpu $(cat $D/ids.txt) > $W/pytest.log 2>&1 &
wait; pack; echo WARM $SECONDS; tail -3 $W/pytest.log
sp c0 fwd,bwd bf16,fp32 0 $NS "default;split" 0 120; pack
sp c1 fwd,bwd bf16,fp32 1 $NS "default;split" 0 120; pack
sp rv bwd bf16,fp32 0 4194304 "4096/4/131072/-;4096/4/131072/-/r;4096/4/131072/-;4096/4/131072/-/r" 0 60; pack
sp rv1 bwd bf16,fp32 1 4194304 "4096/4/131072/-;4096/4/131072/-/r" 0 60; pack
for f in c0 c1 rv rv1; do grep -E "N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
