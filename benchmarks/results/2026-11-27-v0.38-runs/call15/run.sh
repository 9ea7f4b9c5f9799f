# v0.38 call 15 (H100): the fused silu with the gather path at two or more rounds
# (COLS_COOP_GATHER 3, always) against v0.37's columns path, a second process for bf16
# UNet 320 and fp32 UNet 640 / 320 (GPU time, sweep_groupnorm.py, channels_last forward).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c15; mkdir -p $W
pack() { tar czf $OUT/call15.tgz -C /tmp v38c15; }
nvidia-smi -L > $W/gpus.txt
S='[{"COLS_COOP_GATHER": 3}, {"COLS_COOP_GATHER": 0, "COLS_COOP_STAGES": 3}]'
timeout 45 python benchmarks/sweep_groupnorm.py $W/silu_bf16.json --fwd-only --no-torch --layouts cl --cases unet320 --act silu --settings "$S" > $W/silu_bf16.log 2>&1
cat $W/silu_bf16.log; pack
timeout 60 python benchmarks/sweep_groupnorm.py $W/silu_fp32.json --fwd-only --no-torch --layouts cl --cases unet640,unet320 --act silu --dtype float32 --settings "$S" > $W/silu_fp32.log 2>&1
cat $W/silu_fp32.log; pack
echo SECONDS $SECONDS
