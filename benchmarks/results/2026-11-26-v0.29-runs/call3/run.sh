# v0.29 call 3 (H100): where the fold's time goes. The backward as called, kernel by
# kernel (benchmarks/diag_bwd_kernels.py, torch.profiler): the main launch's GPU time,
# the sum's, and a call's span, fold off / on, at the cells where call 2 had the fold
# lose (layer_norm bf16 12288 / 16384, fp32 131072, rms_norm bf16 12288) and win
# (layer_norm bf16 131072 / 262144).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
for c in "layer_norm 12288 bfloat16" "layer_norm 16384 bfloat16" "rms_norm 12288 bfloat16" \
         "layer_norm 131072 bfloat16" "layer_norm 262144 bfloat16" "layer_norm 131072 float32"; do
  for fo in 0 1; do
    FUSEDNORM_ROW_FOLD=$fo timeout 60 python benchmarks/diag_bwd_kernels.py $c 20 >> $W/kernels_f$fo.log 2>&1
  done
  pack
done
cat $W/kernels_f0.log; cat $W/kernels_f1.log
echo SECONDS $SECONDS
