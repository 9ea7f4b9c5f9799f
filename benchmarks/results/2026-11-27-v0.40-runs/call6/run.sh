# v0.40 call 6 (H100): every groups-suite shape, channels_last, bf16, GPU time
# (sweep_groupnorm.py): the defaults against each other path forced: the group path off
# (GROUP_MIN_WAVES; UNet 1280 then takes the cooperative columns path, which since v0.38
# takes its Cg of 40), the cooperative columns paths off, both off.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v40c6; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"GROUP_MIN_WAVES": 1000000}, {"COLS_COOP": false, "COLS_COOP_BWD": 0}, {"GROUP_MIN_WAVES": 1000000, "COLS_COOP": false, "COLS_COOP_BWD": 0}]'
timeout 560 python benchmarks/sweep_groupnorm.py $W/cl.json --no-torch --layouts cl \
  --cases unet1280,unet1280s,unet640,unet320,in2d,vae512,vae256,vae128,in3d64,in3d32,in3d128 \
  --settings "$S" > $W/cl.log 2>&1
cat $W/cl.log; pack
echo SECONDS $SECONDS
