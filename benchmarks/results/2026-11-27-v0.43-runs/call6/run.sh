# v0.43 call 6 (H100): the per-channel sum with a program's last-sample rows in one tile
# (_channel_sums; rule: at most 16 rows, rows x pairs <= 512) against the sum off, GPU
# time, bf16 (and forced on everywhere) / fp32, the VAE and 3-D shapes where call 4's
# row-at-a-time sum lost, UNet 640 / 320 as controls; then the channel-sum GPU tests.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v43c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v43c6; }
nvidia-smi -L > $W/gpus.txt
C=vae512,vae256,vae128,in3d64,in3d32,in3d128,unet640,unet320
for v in "bfloat16 none" "float32 none"; do
  set -- $v; S='[{"R.CHANNEL_SUM": false}, {}]'
  [ $1 = bfloat16 ] && S='[{"R.CHANNEL_SUM": false}, {}, {"R.CHANNEL_SUM": true}]'
  timeout 150 python benchmarks/sweep_groupnorm.py $W/s_$1_$2.json --no-torch --layouts nc \
    --dtype $1 --cases $C --settings "$S" > $W/s_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/s_$1_$2.log | cut -c1-60,100-130; pack
done
timeout 200 python -m pytest -q tests/test_groupnorm.py -k "channel_sum or write_every" > $W/tests.log 2>&1
tail -n 3 $W/tests.log; pack
echo SECONDS $SECONDS
