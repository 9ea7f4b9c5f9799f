# v0.24 call 3 (the H100 of call 2, warm): what the cooperative wait costs. The library's
# configs at 64K-256K (forward) and 12288-256K (backward), bf16, with the table's wait
# (SYNC per config), SYNC 4 forced, and SYNC 5 (no wait: a timing diagnostic whose results
# are wrong, marked WRONG). GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
git rev-parse HEAD > $W/rev 2>/dev/null
export SWEEP_DTYPES=bf16 SWEEP_FWD=default SWEEP_BWD=default
for s in 0 4 5; do
  if [ $s = 0 ]; then unset SWEEP_SYNC; else export SWEEP_SYNC=$s; fi
  SWEEP_MODES=fwd SWEEP_N=65536,131072,262144 timeout 100 python benchmarks/sweep_coop.py $W/fwd_s$s.json > $W/fwd_s$s.log 2>&1; pack
  SWEEP_MODES=bwd SWEEP_N=12288,65536,262144 timeout 100 python benchmarks/sweep_coop.py $W/bwd_s$s.json > $W/bwd_s$s.log 2>&1; pack
done
for s in 0 4 5; do cut -c1-100 $W/fwd_s$s.log; cut -c1-100 $W/bwd_s$s.log; done; echo SECONDS $SECONDS
