# v0.42 call 3 (H100), GPU time: (1) the group path's register caps as taken (GROUP_FWD_CAP
# 16-bit one-tile 32 warps -> 32, GROUP_BWD_CAP 16-bit 16 warps -> 64) against none, the
# forward and backward, bf16 / fp16, with and without silu: p512, p128 (groups of 4 x 4096),
# in2d (InstanceNorm groups of 16384: its backward's 16-warp tiles), UNet 1280 contiguous;
# (2) UNet 1280 16x16 (groups of 40 x 256) as one 64 x 256 tile (GROUP_TILE_USE 0.6) with
# the cap; (3) every test of test_groupnorm.py on the GPU, three processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v42c3; }
nvidia-smi -L > $W/gpus.txt
S='[{"GROUP_FWD_CAP": null, "GROUP_BWD_CAP": null}, {}, {"GROUP_TILE_USE": 0.6}]'
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/cap_$1_$2.json --no-torch --layouts nc \
    --dtype $1 $A --cases p512,p128,in2d,unet1280 --settings "$S" > $W/cap_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/cap_$1_$2.log; pack
done
timeout 60 python benchmarks/sweep_groupnorm.py $W/cap_cl.json --no-torch --layouts cl \
  --dtype bfloat16 --cases unet1280 --settings "$S" > $W/cap_cl.log 2>&1
echo "== bf16 cl"; grep -v "^NVIDIA" $W/cap_cl.log; pack
python -m pytest --co -q -p no:cacheprovider tests/test_groupnorm.py | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 300 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "FAILED|Error" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS
