# v0.36 call 3 (H100): gluon_probe.py with the membar barriers stripped from the PTX (lean), a forward whose row is staged in shared memory by
# cp.async (Gluon), against the library's forward, N = 65536, bf16 / fp16, RMSNorm and
# LayerNorm, about 2^27 elements; do_bench medians, % of the copy measured in the process.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v36c3; mkdir -p $W
nvidia-smi -L > $W/gpus.txt
export PROBE_LEAN_ONLY=1
for p in a b; do
  timeout 250 python benchmarks/gluon_probe.py $W/probe_$p.json > $W/probe_$p.log 2>&1
  tar czf $OUT/call3.tgz -C /tmp v36c3
done
cat $W/probe_a.log; grep -v "^{" $W/probe_b.log | tail -5; grep "^{" $W/probe_b.log | cut -c1-150
echo SECONDS $SECONDS
