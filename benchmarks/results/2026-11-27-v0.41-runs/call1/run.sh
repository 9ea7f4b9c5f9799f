# v0.41 call 1 (H100): the cooperative columns forward with held chunks (COLS_COOP_HOLD).
# The cooperative-columns tests and the held path's GPU test; then channels_last forward,
# GPU time: HOLD off (v0.40's path) against the held tiles of 8192 / 8 warps / 2 an SM (the
# default) and other tiles, bf16, fp32, bf16 silu; 16x1280x8x8 with the group path's rule off.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v41c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v41c1; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py \
  -k "cols_coop and not bwd or cols_hold" > $W/tests.log 2>&1; tail -3 $W/tests.log; pack
T4='"COLS_COOP_HOLD_TILE":4096,"COLS_COOP_HOLD_WARPS":4,"COLS_COOP_HOLD_PPS":4'
T16='"COLS_COOP_HOLD_TILE":16384,"COLS_COOP_HOLD_WARPS":16,"COLS_COOP_HOLD_PPS":1'
T16b='"COLS_COOP_HOLD_TILE":16384,"COLS_COOP_HOLD_WARPS":8,"COLS_COOP_HOLD_PPS":1'
S="[{\"COLS_COOP_HOLD\":0}, {}, {$T4}, {$T16}, {$T16b}]"
C=unet320,unet640,unet1280,in2d,p512,p256
timeout 170 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl \
  --fwd-only --cases $C --settings "$S" > $W/bf16.log 2>&1; cat $W/bf16.log; pack
S3="[{\"COLS_COOP_HOLD\":0}, {}, {$T4}]"
timeout 90 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts cl \
  --fwd-only --cases $C --dtype float32 --settings "$S3" > $W/fp32.log 2>&1; cat $W/fp32.log; pack
timeout 90 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl \
  --fwd-only --cases $C --act silu --settings "$S3" > $W/silu.log 2>&1; cat $W/silu.log; pack
S4="[{\"COLS_COOP_HOLD\":0}, {\"GROUP_CL_COLS_BYTES\":0}, {\"GROUP_CL_COLS_BYTES\":0,$T4}]"
timeout 60 python benchmarks/sweep_groupnorm.py $W/small.json --no-torch --layouts cl \
  --fwd-only --cases unet1280s --settings "$S4" > $W/small.log 2>&1; cat $W/small.log; pack
echo SECONDS $SECONDS
