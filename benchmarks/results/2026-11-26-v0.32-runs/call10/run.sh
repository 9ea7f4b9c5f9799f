# v0.32 call 10 (H100): the split forward in one launch (SPLIT_ONE: phase 2 trails phase
# 1 by lag tickets and re-reads from L2) against the two launches, sweep_split.py, GPU
# time, 4M x 32 rows without and with a residual, then 16M x 8 and 4M x 256 (bf16).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v32c10; }
V="split;one/2048/4/16384/16/first;one/2048/4/16384/32/first;one/2048/4/32768/16/first;one/2048/4/8192/8/first;one/2048/4/16384/16/-;one/4096/8/32768/24/first"
sp() { # tag dtypes res N variants warm timeout [M]
  env SPLIT_MODES=fwd SPLIT_DTYPES=$2 SPLIT_RES=$3 SPLIT_N=$4 SPLIT_VARIANTS="$5" SPLIT_WARM=$6 SPLIT_M=${8:-0} timeout $7 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp w0 bf16,fp32 0 4194304 "$V" 1 200 & sp w1 bf16,fp32 1 4194304 "$V" 1 200 & wait; echo WARM $SECONDS
grep -h "FAILED\|WRONG" $W/w*.log | head
sp a bf16,fp32 0 4194304 "$V" 0 100; pack
sp r bf16,fp32 1 4194304 "$V" 0 100; pack
sp b bf16,fp32 0 4194304 "$V" 0 100; pack
sp l bf16 0 16777216 "$V" 0 80; pack
sp m bf16 0 4194304 "$V" 0 120 256; pack
for f in a r b l m; do grep -E "N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
