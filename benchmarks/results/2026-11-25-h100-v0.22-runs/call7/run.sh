# v0.22 call 7: the 16-bit LayerNorm backward's as-called dips: trace_bwd.py (GPU time,
# as called, per-call gaps, host time per call and the host ops behind it) in three
# processes, layer_norm bf16 at 512 / 2048 / 8192; one process of rms_norm for contrast.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
nproc > $W/cpu.txt; cat /proc/loadavg >> $W/cpu.txt
for p in a b c; do
  TRACE_CPU=1 TRACE_OP=ln TRACE_DTYPE=bf16 TRACE_N=512,2048,8192 TRACE_CFG=default timeout 70 python benchmarks/trace_bwd.py $W/ln_$p.json > $W/ln_$p.log 2>&1; pack
done
TRACE_CPU=1 TRACE_OP=rms TRACE_DTYPE=bf16 TRACE_N=512,2048,8192 TRACE_CFG=default timeout 60 python benchmarks/trace_bwd.py $W/rms.json > $W/rms.log 2>&1; pack
cat /proc/loadavg >> $W/cpu.txt
grep -h "^N \|cpu " $W/ln_a.log | head -60; grep -h "^N " $W/ln_b.log $W/ln_c.log $W/rms.log; echo SECONDS $SECONDS
