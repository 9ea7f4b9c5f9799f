# v0.32 call 13 (H100): the banded split forward with small chunks (call 12's bands had
# 32-192 programs a launch with chunks of 131072): chunks of 4096-16384 columns, bands of
# 0 (none) / 16 / 32 / 48 MiB, sweep_split.py, GPU time, 4M x 32, with and without a
# residual.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp v32c13; }
V="2048/4/131072/first;2048/4/4096/first;2048/4/8192/first;2048/4/16384/first;4096/8/16384/first"
sp() { # tag dtypes res warm timeout
  env SPLIT_MODES=fwd SPLIT_DTYPES=$2 SPLIT_RES=$3 SPLIT_N=4194304 SPLIT_VARIANTS="$V" SPLIT_BANDS=0,16,32,48 SPLIT_WARM=$4 timeout $5 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp w0 bf16,fp32 0 1 150 & sp w1 bf16,fp32 1 1 150 & wait; echo WARM $SECONDS
sp a bf16,fp32 0 0 150; pack
sp r bf16,fp32 1 0 150; pack
for f in a r; do grep -E "N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
