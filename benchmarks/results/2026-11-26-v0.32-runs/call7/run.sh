# v0.32 call 7 (H100): the split backward's row blocks (rownorm.SPLIT_MIN_PROGRAMS: the
# apply's programs at least, x SMs) at 1.125M / 2M / 4M, bf16 and fp32, two processes one
# after the other (sweep_split.py, GPU time).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v32c7; }
sp() { # tag res warm timeout
  env SPLIT_MODES=bwd SPLIT_DTYPES=bf16,fp32 SPLIT_RES=$2 SPLIT_N=1179648,2097152,4194304 SPLIT_VARIANTS=split SPLIT_MINP=2,4,8,16 SPLIT_WARM=$3 timeout $4 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp w0 0 1 150 & sp w1 1 1 150 & wait; echo WARM $SECONDS
sp a 0 0 100; pack
sp b 0 0 100; pack
sp r 1 0 100; pack
for f in a b r; do grep -E "N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
