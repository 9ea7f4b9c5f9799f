# v0.40 call 5 (H100): diag_cl_rows.py, the row norms' register-resident cooperative
# LayerNorm over one row per sample (N x S*C) against channels_last GroupNorm on the same
# samples, GPU time, bf16 and fp32: what a register-resident channels_last kernel could
# reach before building one.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v40c5; }
nvidia-smi -L > $W/gpus.txt
for dt in bfloat16 float32; do
  timeout 250 python benchmarks/diag_cl_rows.py $dt > $W/clrows_$dt.log 2>&1; cat $W/clrows_$dt.log; pack
done
echo SECONDS $SECONDS
