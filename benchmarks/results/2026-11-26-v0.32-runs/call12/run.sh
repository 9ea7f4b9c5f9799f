# v0.32 call 12 (H100): the split forward band by band (SPLIT_BAND_BYTES: statistics then
# apply on bands of rows holding that many MiB of x or h) against one pass, sweep_split.py,
# GPU time, 4M x 32 and 16M x 8 rows, with and without a residual; then the bench as
# called at 4M (bf16) for the host's share, bands off and on.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp v32c12; }
sp() { # tag dtypes res N warm timeout
  env SPLIT_MODES=fwd SPLIT_DTYPES=$2 SPLIT_RES=$3 SPLIT_N=$4 SPLIT_VARIANTS=split SPLIT_BANDS=0,8,16,24,32,48 SPLIT_WARM=$5 timeout $6 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp w0 bf16,fp32 0 4194304,16777216 1 150 & sp w1 bf16,fp32 1 4194304,16777216 1 150 & wait; echo WARM $SECONDS
grep -h "FAILED\|WRONG" $W/w*.log | head -5
sp a bf16,fp32 0 4194304,16777216 0 120; pack
sp r bf16,fp32 1 4194304,16777216 0 120; pack
sp b bf16,fp32 0 4194304 0 80; pack
for f in a r b; do grep -E "N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
