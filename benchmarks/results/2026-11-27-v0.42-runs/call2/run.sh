# v0.42 call 2 (H100), GPU time: (1) diag_shift.py after the SHIFT changes (x - k in place
# of x in the one-tile forward; SHIFT by the values one sum adds, a tile's where the group
# is several); (2) the group path's register caps: the forward's one-tile launches capped
# for 2 programs an SM (GROUP_FWD_PROGRAMS 2: 32 warps -> 32 registers) against none, p512
# contiguous, bf16 / fp16, with and without silu, inference and training (--stats)
# forwards; (3) the backward's (GROUP_BWD_PROGRAMS 2: 16 warps -> 64) against none, p512
# contiguous 16-bit and the fp32 channels_last group-path backwards (UNet 640 / 1280, p512).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v42c2; }
nvidia-smi -L > $W/gpus.txt
timeout 100 python benchmarks/diag_shift.py --cases p512,unet1280 > $W/shift.log 2>&1; cat $W/shift.log; pack
S='[{}, {"GROUP_FWD_PROGRAMS": 2}]'
for dt in bfloat16 float16; do for act in none silu; do for st in "" "--stats"; do
  A=""; [ $act = silu ] && A="--act silu"
  timeout 60 python benchmarks/sweep_groupnorm.py $W/fwd_${dt}_${act}${st}.json --no-torch --layouts nc \
    --fwd-only --dtype $dt $A $st --cases p512 --settings "$S" > $W/fwd_${dt}_${act}${st}.log 2>&1
  echo "== fwd $dt $act $st"; grep -v "^NVIDIA" $W/fwd_${dt}_${act}${st}.log
done; done; done; pack
S='[{}, {"GROUP_BWD_PROGRAMS": 2}]'
for dt in bfloat16 float16; do
  timeout 90 python benchmarks/sweep_groupnorm.py $W/bwd_$dt.json --no-torch --layouts nc \
    --dtype $dt --cases p512 --settings "$S" > $W/bwd_$dt.log 2>&1
  echo "== bwd $dt"; grep -v "^NVIDIA" $W/bwd_$dt.log; pack
done
timeout 150 python benchmarks/sweep_groupnorm.py $W/bwd_fp32_cl.json --no-torch --layouts cl \
  --dtype float32 --cases unet640,unet1280,p512 --settings "$S" > $W/bwd_fp32_cl.log 2>&1
echo "== bwd fp32 cl"; grep -v "^NVIDIA" $W/bwd_fp32_cl.log; pack
echo SECONDS $SECONDS
