# v0.35 call 10 (H100): 1. GROUP_COLS_* (channels_last UNet 1280 16x16 and fp32 UNet 640's
# forward to the columns path) against the group path everywhere (GROUP_COLS_RUN_BYTES 0),
# sweep_groupnorm.py, GPU time, two processes; 2. the groups suite, bf16, every mode,
# fusednorm and torch side by side (as called; for the merged run); 3. silu_ab.py (issue 4's
# fused-SiLU ratio, bf16); 4. the GPU tests of test_groupnorm.py in three shards.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v35c10; }
nvidia-smi -L > $W/gpus.txt
SET='[{}, {"GROUP_COLS_RUN_BYTES":0}]'
for p in a b; do
  timeout 60 python benchmarks/sweep_groupnorm.py $W/ab_bf16_$p.json --layouts cl --no-torch \
    --cases unet1280,unet1280s --settings "$SET" > $W/ab_bf16_$p.log 2>&1
  timeout 60 python benchmarks/sweep_groupnorm.py $W/ab_silu_$p.json --layouts cl --no-torch --act silu \
    --cases unet1280 --settings "$SET" > $W/ab_silu_$p.log 2>&1
  timeout 60 python benchmarks/sweep_groupnorm.py $W/ab_fp32_$p.json --layouts cl --no-torch --dtype float32 \
    --cases unet640,unet1280 --settings "$SET" > $W/ab_fp32_$p.log 2>&1
  pack
done
for f in ab_bf16_a ab_silu_a ab_fp32_a ab_bf16_b ab_silu_b ab_fp32_b; do grep -v "^NVIDIA" $W/$f.log; done
timeout 240 python -m fusednorm.bench --suite groups --dtype bf16 --providers fusednorm,torch --out $W/groups > $W/groups.log 2>&1; tail -1 $W/groups.log; pack
timeout 120 python benchmarks/silu_ab.py $W/silu_ab.json > $W/silu_ab.log 2>&1; tail -12 $W/silu_ab.log; pack
python -m pytest -q --collect-only -m gpu tests/test_groupnorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n r/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 200 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/gn$i.log 2>&1) & done
wait; for i in 0 1 2; do tail -1 $W/gn$i.log; done; pack
echo SECONDS $SECONDS
