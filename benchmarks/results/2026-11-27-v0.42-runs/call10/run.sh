# v0.42 call 10 (H100), GPU time: does the 16-bit contiguous backward gain from slices of
# 2048 over slices of 1024 (UNet 640's channels are 1024, so its slices are)? At channels
# of 2048 (c2048: 16x640x32x64) the table's slices of 2048 (4 warps, 4 an SM; the default)
# against slices of 1024 (2 warps, 8 an SM: GN_BWD_CHANNEL, taken when the table has no
# slice dividing the channel), bf16 / fp16 / fp32; UNet 640 as a control.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v42c10; }
nvidia-smi -L > $W/gpus.txt
for dt in bfloat16 float16 float32; do
  if [ $dt = float32 ]; then K='"R.GN_BWD_COOP.4": [[8192, 16, 1, true, 1, 2]]'
  else K='"R.GN_BWD_COOP.2": [[4096, 4, 2, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1]]'; fi
  S="[{}, {$K}]"
  timeout 120 python benchmarks/sweep_groupnorm.py $W/s_$dt.json --no-torch --layouts nc \
    --dtype $dt --cases c2048,unet640 --settings "$S" > $W/s_$dt.log 2>&1
  echo "== $dt"; grep -v "^NVIDIA" $W/s_$dt.log | sed 's/fwd gpu.*| bwd/| bwd/'; pack
done
echo SECONDS $SECONDS
