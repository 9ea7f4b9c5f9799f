# v0.32 call 14 (H100): the split forward's parameters for RMSNorm (calls 3 and 13 had
# smaller chunks ahead by 2-4 points): the library's 2048 / 4 / 131072 / evict_first
# against three smaller-chunk forms, sweep_split.py, GPU time, 4M x 32 and 16M x 8, bf16
# / fp16 / fp32, without and with a residual, three processes one after another.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c14; mkdir -p $W
pack() { tar czf $OUT/call14.tgz -C /tmp v32c14; }
V="2048/4/131072/first;4096/8/16384/first;4096/8/32768/first;2048/4/4096/first"
sp() { # tag res warm timeout
  env SPLIT_MODES=fwd SPLIT_OPS=rms SPLIT_DTYPES=bf16,fp16,fp32 SPLIT_RES=$2 SPLIT_N=4194304,16777216 SPLIT_VARIANTS="$V" SPLIT_WARM=$3 timeout $4 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp w0 0 1 150 & sp w1 1 1 150 & wait; echo WARM $SECONDS
for i in 1 2 3; do sp a$i 0 0 80; sp r$i 1 0 80; pack; done
for f in a1 a2 a3 r1 r2 r3; do grep -E "N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
