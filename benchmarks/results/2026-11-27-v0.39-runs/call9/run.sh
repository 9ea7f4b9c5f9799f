# v0.39 call 9 (H100): call 8's bench read the channels_last UNet 320 backward (bf16) at
# 21.6% of copy where v0.35 read 47.8 (host-bound cells fell on that host too). The same
# cells as called with the cooperative backward (FUSEDNORM_COLS_COOP_BWD=1, the default)
# and without it (0), two processes each, alternating; and host time per call of the
# channels_last backward both ways (sweep_groupnorm.py's host column).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v39c9; }
nvidia-smi -L > $W/gpus.txt
for r in a b; do
  for m in 1 0; do
    FUSEDNORM_COLS_COOP_BWD=$m timeout 90 python -m fusednorm.bench --suite groups --op group_norm,instance_norm --dtype bf16 --mode bwd --shape 16x320x64x64,16x640x32x32,16x64x128x128 --providers fusednorm,torch --out $W/bench_$m$r > $W/bench_$m$r.log 2>&1
    grep -E "^\| 16x" $W/bench_$m$r/summary.md | sed "s/^/coop=$m run=$r /"
  done
done
pack
echo SECONDS $SECONDS
