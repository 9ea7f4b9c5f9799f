# v0.25 call 1 (H100): where the GroupNorm + silu backward's time goes at the UNet shapes
# (issue 4's 2x, missed there): graph (GPU time) / as called / host / trace per provider
# (trace_groups.py with TRACE_ACT=silu), bf16 and fp32.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
export TRACE_SHAPES="16x320x64x64;16x320x64x64 cl;16x1280x16x16;16x1280x16x16 cl" TRACE_ACT=silu
for d in bf16 fp32; do TRACE_DTYPE=$d timeout 200 python benchmarks/trace_groups.py $W/trace_$d.json > $W/trace_$d.log 2>&1; pack; done
cat $W/trace_bf16.log $W/trace_fp32.log; echo SECONDS $SECONDS
