# v0.28 call 1 (H100): where the groups suite's forward and backward calls go, as called
# against GPU time and host time (issue 4: channels_last UNet shapes read 18-46% as called
# against 45-48% GPU time). bf16. diag_fwd_called.py (forward, every groups shape, both
# layouts, cProfile of UNet 640 / 320 channels_last), trace_groups.py (backward).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
timeout 240 python benchmarks/diag_fwd_called.py $W/fwd.json > $W/fwd.log 2>&1; pack
TRACE_SHAPES="16x320x64x64 cl;16x640x32x32 cl;16x1280x16x16 cl;16x640x32x32" \
  timeout 240 python benchmarks/trace_groups.py $W/bwd.json > $W/bwd.log 2>&1; pack
echo SECONDS $SECONDS
