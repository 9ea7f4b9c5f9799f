# v0.31 call 9 (H100): rows and groups of 4M (more than 16384 x SMs: the loop path, or for
# GroupNorm the split path). Slices of 32768, one row group of 128: a) sweep_gn_bwd.py,
# GroupNorm 2x128x1024x1024 contiguous, bf16 / fp32, none / silu (the library's split path
# timed as "default"); b) sweep_coop.py, the row norms at N = 4M (32 rows), bf16 / fp32.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v31c9; }
B="default;32768/32/1/1/1/1;32768/32/1/1/1/1/1;32768/16/1/1/1/1"
F="default;32768/32/1/1/1/0/1;32768/16/1/1/1/0/1;32768/32/1"
run() { # tag mode dtypes [warm] [timeout]
  if [ $2 = fwd ]; then c=$F; else c=$B; fi
  env GNB_MODE=$2 GNB_SHAPES=vae_1024 GNB_DTYPES=$3 GNB_ACTS=none,silu GNB_CONFIGS_2="$c" GNB_CONFIGS_4="$c" GNB_WARM=${4:-0} \
    timeout ${5:-250} python benchmarks/sweep_gn_bwd.py $W/$1.json > $W/$1.log 2>&1
}
S="SWEEP_MODES=fwd,bwd SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=4194304"
SF="default;32768/32/1/1/1/0/1;32768/16/1/1/1/0/1"
SB="default;32768/32/1/1/1/1;32768/16/1/1/1/1"
run wb2 bwd bf16 1 & run wb4 bwd fp32 1 & run wf fwd bf16,fp32 1 &
SWEEP_WARM=1 env $S SWEEP_FWD="$SF" SWEEP_BWD="$SB" timeout 250 python benchmarks/sweep_coop.py $W/warm_rows.json > $W/warm_rows.log 2>&1 &
wait; pack; echo WARM $SECONDS
run b bwd bf16,fp32 0 150; pack
run f fwd bf16,fp32 0 100; pack
env $S SWEEP_FWD="$SF" SWEEP_BWD="$SB" timeout 120 python benchmarks/sweep_coop.py $W/rows.json > $W/rows.log 2>&1; pack
grep -h "Error\|error" $W/w*.log | sort | uniq -c | head
grep -h "%" $W/b.log $W/f.log
grep -E " (fwd|bwd) N=|FAILED" $W/rows.log
echo SECONDS $SECONDS
