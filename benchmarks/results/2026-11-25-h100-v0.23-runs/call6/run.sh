# v0.23 call 6: slices of 16384 (two row groups) for the fp32 RMSNorm backward at 1M (77.6%
# as called, one row group of 8192 / 8 / 1, replay 2), sweep_coop.py, GPU time, two processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
A="SWEEP_MODES=bwd SWEEP_DTYPES=fp32 SWEEP_OPS=rms SWEEP_N=1048576 SWEEP_BWD=default;16384/32/1/1/1/1;16384/16/1/1/1/1;16384/32/1/1/1/2;16384/32/1/1/2/1"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run w 200 SWEEP_WARM=1 $A; pack
for p in a b; do run a_$p 60 $A; pack; done
for f in a_a a_b; do echo "== $f"; grep -v "^$" $W/$f.log | cut -c1-110; done; echo SECONDS $SECONDS
