# v0.46 call 6 (H100), contiguous backward, alternated, one process per dtype / activation
# (code: ROWS_BWD_MIN_BYTES 16 KB in 16-bit, the defaults of this call's commit):
# (1) the other shapes the 16 KB threshold moves to the rows path (1024 / 1 / 12 on slices
#   of a channel): p128 16x128x64x64 (4 x 4096, 32 KB), p480 16x480x32x32 (15 x 1024, 30 KB),
#   s320 4x320x32x32 (10 x 1024, 20 KB; the split path before), against OLD40 (40 KB:
#   their old paths); bf16, fp16, bf16 silu;
# (2) NCF: no channel-first entry (GN_BWD_CHANNEL_FIRST empty: the table's 2048 / 4 / 5,
#   now with terms late and words, before 1024 / 1 / 12) at UNet 320, p256, c2048; bf16,
#   bf16 silu;
# (3) fp32 VAE 256 / 128 (8192 / 16 / 1, replay 2 by default): F32A 4096 / 8 / 2 (128
#   registers) or F32B 8192 / 16 / 1 without the replay (128) after the first entry of
#   both fp32 tables; none and silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v46c6; }
nvidia-smi -L > $W/gpus.txt
OLD40='{"ROWS_BWD_MIN_BYTES": {"2": 40960, "4": 0}}'
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 90 python benchmarks/sweep_groupnorm.py $W/t16_$1_$2.json --cases p128,p480,s320 --layouts nc --no-torch --dtype $1 $A --settings "[{}, $OLD40, {}, $OLD40]" > $W/t16_$1_$2.log 2>&1
  sed -e 's/{"ROWS_BWD_MIN_BYTES".*}}/OLD40/' $W/t16_$1_$2.log | grep -v "^\s*$" | tail -12; pack
done
NCF='{"R.GN_BWD_CHANNEL_FIRST": {}}'
for v in "bfloat16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 90 python benchmarks/sweep_groupnorm.py $W/ncf_$1_$2.json --cases unet320,p256,c2048 --layouts nc --no-torch --dtype $1 $A --settings "[{}, $NCF, {}, $NCF]" > $W/ncf_$1_$2.log 2>&1
  sed -e 's/{"R.GN_BWD_CHANNEL_FIRST":{}}/NCF/' $W/ncf_$1_$2.log | grep -v "^\s*$" | tail -12; pack
done
F32A='{"R.GN_BWD_COOP.4": [[2048, 4, 4], [4096, 8, 2, true, 1, 0, 1], [8192, 16, 1, true, 1, 2], [16384, 16, 1, true, 1, 1]], "R.GN_BWD_COOP_CHANNELS.4": [[2048, 4, 4], [4096, 8, 2, true, 1, 0, 1], [8192, 16, 1, true, 1, 2], [16384, 16, 1, true, 1, 1]]}'
F32B='{"R.GN_BWD_COOP.4": [[2048, 4, 4], [8192, 16, 1, true, 1, 0, 1], [8192, 16, 1, true, 1, 2], [16384, 16, 1, true, 1, 1]], "R.GN_BWD_COOP_CHANNELS.4": [[2048, 4, 4], [8192, 16, 1, true, 1, 0, 1], [8192, 16, 1, true, 1, 2], [16384, 16, 1, true, 1, 1]]}'
for A in "" "--act silu"; do
  t=none; [ -n "$A" ] && t=silu
  timeout 150 python benchmarks/sweep_groupnorm.py $W/f32_$t.json --cases vae256,vae128 --layouts nc --no-torch --dtype float32 $A --settings "[{}, $F32A, $F32B, {}, $F32A, $F32B]" > $W/f32_$t.log 2>&1
  sed -e 's/{"R.GN_BWD_COOP.4":\[\[2048,4,4\],\[4096.*}/F32A/' -e 's/{"R.GN_BWD_COOP.4":\[\[2048,4,4\],\[8192,16,1,true,1,0,1\].*}/F32B/' $W/f32_$t.log | grep -v "^\s*$" | tail -12; pack
done
echo SECONDS $SECONDS
