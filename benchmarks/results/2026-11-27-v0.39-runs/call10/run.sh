# v0.39 call 10 (H100): per-call times of the channels_last backward (bf16), cooperative
# (COLS_COOP_BWD 1) and columns path (0), alternating, two processes each
# (benchmarks/diag_bwd_calls.py): call 8-9's as-called readings of UNet 320 ranged 21.6-49%
# on the cooperative path against 47.8-48 on the columns path.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v39c10; }
nvidia-smi -L > $W/gpus.txt
cd benchmarks
for r in a b; do
  for m in 1 0; do
    FUSEDNORM_COLS_COOP_BWD=$m timeout 60 python diag_bwd_calls.py > $W/calls_$m$r.log 2>&1
    cat $W/calls_$m$r.log
  done
done
pack
echo SECONDS $SECONDS
