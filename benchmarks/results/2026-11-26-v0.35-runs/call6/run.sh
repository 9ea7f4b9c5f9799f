# v0.35 call 6 (H100): the channels_last columns forward with its combine folded into the
# apply (COLS_FOLD, two launches) against the three launches (COLS_FOLD false), on the
# shapes it takes (UNet 320 / 640; in3d128 as a shape it declines), bf16 and fp32, none
# and silu; two processes each. sweep_groupnorm.py: GPU time, as called, host. Then
# host_cols.py (the host time by path) and the GPU tests of the columns paths.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v35c6; }
nvidia-smi -L > $W/gpus.txt
SET='[{}, {"COLS_FOLD":false}]'
for p in a b; do
  timeout 100 python benchmarks/sweep_groupnorm.py $W/bf16_$p.json --layouts cl --no-torch --fwd-only \
    --cases unet320,unet640,in3d128 --settings "$SET" > $W/bf16_$p.log 2>&1
  timeout 100 python benchmarks/sweep_groupnorm.py $W/silu_$p.json --layouts cl --no-torch --fwd-only \
    --act silu --cases unet320,unet640 --settings "$SET" > $W/silu_$p.log 2>&1
  timeout 100 python benchmarks/sweep_groupnorm.py $W/fp32_$p.json --layouts cl --no-torch --fwd-only \
    --dtype float32 --cases unet320,unet640 --settings "$SET" > $W/fp32_$p.log 2>&1
  pack
done
for p in a b; do timeout 100 python benchmarks/host_cols.py > $W/host_$p.log 2>&1; done; pack
timeout 200 python -m pytest -q -m gpu -p no:cacheprovider tests/test_groupnorm.py -k "cols or channels_last" > $W/pytest.log 2>&1; tail -1 $W/pytest.log; pack
for f in bf16_a silu_a fp32_a bf16_b silu_b fp32_b; do grep -v "^NVIDIA" $W/$f.log; done
grep path $W/host_a.log $W/host_b.log
echo SECONDS $SECONDS
