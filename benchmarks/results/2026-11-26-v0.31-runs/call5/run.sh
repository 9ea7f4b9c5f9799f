# v0.31 call 5 (H100): rows of 2M elements (more than 8192 x SMs). a) sweep_gn_bwd.py,
# InstanceNorm 2x32x128^3 contiguous, bf16 / fp16 / fp32, none / silu, forward with the L2
# prefetch on 16384-slices, backward with the 16384-slice replay; b) sweep_coop.py, the row
# norms at N = 2097152 (64 rows), bf16 / fp32, the same candidates; GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v31c5; }
export GNB_SHAPES=in3d_32 GNB_ACTS=none,silu
B2="default;16384/16/1/1/1/1;16384/16/1/1/1/1/1;16384/8/1/1/1/1;16384/32/1/1/1/1"
B4="default;16384/16/1/1/1/1;16384/16/1/1/1/1/1;16384/32/1/1/1/1"
F2="default;16384/16/1/1/1/0/1;16384/8/1/1/1/0/1"
F4="default;16384/16/1/1/1/0/1;16384/8/1/1/1/0/1"
run() { # tag mode dtypes [warm] [timeout]
  if [ $2 = fwd ]; then c2=$F2; c4=$F4; else c2=$B2; c4=$B4; fi
  env GNB_MODE=$2 GNB_DTYPES=$3 GNB_CONFIGS_2="$c2" GNB_CONFIGS_4="$c4" GNB_WARM=${4:-0} \
    timeout ${5:-280} python benchmarks/sweep_gn_bwd.py $W/$1.json > $W/$1.log 2>&1
}
S="SWEEP_MODES=fwd,bwd SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=2097152"
SF="default;16384/16/1/1/1/0/1;16384/8/1/1/1/0/1"
SB="default;16384/16/1/1/1/1;16384/16/1/1/1/1/1;16384/32/1/1/1/1"
run wb2 bwd bf16,fp16 1 & run wb4 bwd fp32 1 & run wf2 fwd bf16,fp16 1 & run wf4 fwd fp32 1 &
SWEEP_WARM=1 env $S SWEEP_FWD="$SF" SWEEP_BWD="$SB" timeout 280 python benchmarks/sweep_coop.py $W/warm_rows.json > $W/warm_rows.log 2>&1 &
wait; pack; echo WARM $SECONDS
for t in "b2 bwd bf16,fp16" "b4 bwd fp32" "f2 fwd bf16,fp16" "f4 fwd fp32"; do
  set -- $t; run $1 $2 $3 0 100; pack; echo $1 $SECONDS
done
env $S SWEEP_FWD="$SF" SWEEP_BWD="$SB" timeout 150 python benchmarks/sweep_coop.py $W/rows.json > $W/rows.log 2>&1; pack
grep -h "Error\|error" $W/w*.log | sort | uniq -c | head
grep -h "%" $W/[bf][24].log
grep -E " (fwd|bwd) N=" $W/rows.log
echo SECONDS $SECONDS
