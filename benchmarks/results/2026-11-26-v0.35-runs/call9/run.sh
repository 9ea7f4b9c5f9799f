# v0.35 call 9 (H100): channels_last UNet shapes between the group path and the columns
# path (with COLS_WAVE_FIT): GROUP_MIN_RUN_BYTES_LAST 64 (the rule) against 128 (fp32 UNet
# 640, runs of 80 B, to the columns path) and 256 (UNet 1280's 80 / 160 B runs too);
# sweep_groupnorm.py, GPU time, fwd and bwd, bf16 and fp32. Then the GPU tests of
# test_groupnorm.py (this tree: 7217aa9) in two shards.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v35c9; }
nvidia-smi -L > $W/gpus.txt
SET='[{}, {"GROUP_MIN_RUN_BYTES_LAST":128}, {"GROUP_MIN_RUN_BYTES_LAST":256}]'
for d in bfloat16 float32; do
  timeout 150 python benchmarks/sweep_groupnorm.py $W/run_$d.json --layouts cl --no-torch --dtype $d \
    --cases unet640,unet1280,unet1280s --settings "$SET" > $W/run_$d.log 2>&1; pack
done
for f in run_bfloat16 run_float32; do grep -v "^NVIDIA" $W/$f.log; done
python -m pytest -q --collect-only -m gpu tests/test_groupnorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n r/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 280 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/gn$i.log 2>&1) & done
wait; for i in 0 1 2; do tail -1 $W/gn$i.log; done; pack
echo SECONDS $SECONDS
