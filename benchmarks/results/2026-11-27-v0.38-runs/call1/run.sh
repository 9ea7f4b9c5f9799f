# v0.38 call 1 (H100): (a) the copy ceiling of each groups-suite tensor's bytes;
# (b) the cooperative columns forward against the columns path (COLS_COOP off) and with a
# 48 MB L2 budget, channels_last, bf16, GPU time: pow2-Cg shapes in one round (p512) and
# two (p256, in2d, vae512), and the UNet shapes (which the cooperative path declines today).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v38c1; }
nvidia-smi -L > $W/gpus.txt
timeout 90 python benchmarks/copy_ceiling.py $W/copy_ceiling.json > $W/copy_ceiling.log 2>&1
cat $W/copy_ceiling.log; pack
timeout 300 python benchmarks/sweep_groupnorm.py $W/coop.json --fwd-only --no-torch --layouts cl \
  --cases p512,p256,in2d,vae512,unet640,unet320 \
  --settings '[{}, {"COLS_COOP": false}, {"COLS_COOP_L2_BYTES": 50331648}]' > $W/coop.log 2>&1
cat $W/coop.log; pack
echo SECONDS $SECONDS
