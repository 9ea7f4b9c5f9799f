# v0.35 call 8 (H100): COLS_WAVE_FIT (the columns path's chunks cut to one wave where the
# rule makes 1-2 waves: UNet 320 / 640 channels_last, 320 -> 240 programs) against the
# rule; sweep_groupnorm.py, GPU time, fwd and bwd, bf16 / bf16 silu / fp32, two processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v35c8; }
nvidia-smi -L > $W/gpus.txt
SET='[{}, {"COLS_WAVE_FIT":true}]'
for p in a b; do
  timeout 100 python benchmarks/sweep_groupnorm.py $W/bf16_$p.json --layouts cl --no-torch \
    --cases unet320,unet640 --settings "$SET" > $W/bf16_$p.log 2>&1
  timeout 100 python benchmarks/sweep_groupnorm.py $W/silu_$p.json --layouts cl --no-torch \
    --act silu --cases unet320,unet640 --settings "$SET" > $W/silu_$p.log 2>&1
  timeout 100 python benchmarks/sweep_groupnorm.py $W/fp32_$p.json --layouts cl --no-torch \
    --dtype float32 --cases unet320,unet640 --settings "$SET" > $W/fp32_$p.log 2>&1
  pack
done
for f in bf16_a silu_a fp32_a bf16_b silu_b fp32_b; do grep -v "^NVIDIA" $W/$f.log; done
echo SECONDS $SECONDS
