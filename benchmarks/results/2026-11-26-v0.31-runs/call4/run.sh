# v0.31 call 4 (H100): InstanceNorm 2x32x128^3 contiguous (rows of 2M elements, 64 rows):
# the forward runs 16384 / 16 / 1 (one row group, no L2 prefetch) and the backward the
# loop path (no cooperative entry fits GROUP <= SMs). sweep_gn_bwd.py, GPU time, 16384-slice
# cooperative candidates, bf16 and fp32, no activation.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v31c4; }
export GNB_SHAPES=in3d_32 GNB_ACTS=none
B2="default;16384/16/1;16384/16/1/1/1/1;16384/16/1/1/1/2;16384/32/1/1/1/1;16384/32/1;16384/16/1/1/1/0/1;16384/32/1/1/1/0/1"
B4="default;16384/16/1;16384/16/1/1/1/1;16384/16/1/1/1/2;16384/32/1/1/1/1;16384/32/1"
F2="default;16384/16/1/1/1/0/1;16384/32/1;16384/32/1/1/1/0/1;16384/16/1/1/1/1;16384/8/1;16384/8/1/1/1/0/1"
F4="default;16384/16/1/1/1/0/1;16384/32/1;16384/32/1/1/1/0/1;16384/16/1/1/1/1"
run() { # tag mode dtype [warm] [timeout]
  if [ $2 = fwd ]; then c2=$F2; c4=$F4; else c2=$B2; c4=$B4; fi
  env GNB_MODE=$2 GNB_DTYPES=$3 GNB_CONFIGS_2="$c2" GNB_CONFIGS_4="$c4" GNB_WARM=${4:-0} \
    timeout ${5:-280} python benchmarks/sweep_gn_bwd.py $W/$1.json > $W/$1.log 2>&1
}
run wb2 bwd bf16 1 & run wb4 bwd fp32 1 & run wf2 fwd bf16 1 & run wf4 fwd fp32 1 &
wait; pack; echo WARM $SECONDS
for t in "b2 bwd bf16" "b4 bwd fp32" "f2 fwd bf16" "f4 fwd fp32"; do
  set -- $t; run $1 $2 $3 0 90; pack; echo $1 $SECONDS
done
grep -h "compiled\|Error\|error" $W/w*.log | sort | uniq -c | head -30
grep -h "%" $W/[bf][24].log
echo SECONDS $SECONDS
