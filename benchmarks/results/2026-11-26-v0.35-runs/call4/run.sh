# v0.35 call 4 (H100): the channels_last columns path's program count, fewer and longer
# chunks than the rule (UNet 320 / 640 launch 320 programs, 2.4 an SM): COLS_MIN_STEPS 11
# / 16 (UNet 640: 240 / 160 programs), COLS_PROGRAMS_PER_SM 1 (132-160 programs
# everywhere), against the defaults. sweep_groupnorm.py, bf16, GPU time, fwd and bwd.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v35c4; }
nvidia-smi -L > $W/gpus.txt
SET='[{}, {"COLS_MIN_STEPS":11}, {"COLS_MIN_STEPS":16}, {"COLS_PROGRAMS_PER_SM":1}]'
for p in a b; do
timeout 250 python benchmarks/sweep_groupnorm.py $W/cols_$p.json --layouts cl --no-torch \
  --cases unet640,unet320,in3d128,vae256,vae128,in3d64 --settings "$SET" > $W/cols_$p.log 2>&1
pack; done
cat $W/cols_a.log $W/cols_b.log
echo SECONDS $SECONDS
