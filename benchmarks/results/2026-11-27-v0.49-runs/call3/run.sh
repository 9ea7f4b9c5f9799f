# v0.49 call 3 (H100): the bench as called, fusednorm alone, rows suite sweep shapes,
# fwd+bwd, every op and dtype (the row-norm tables' third mode, last measured in v0.35).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v49c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v49c3; }
nvidia-smi -L > $W/gpus.txt
BN="python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm --mode fwd+bwd"
for dt in bf16 fp16 fp32; do
  for op in layer_norm rms_norm add_layer_norm add_rms_norm; do
    timeout -s INT 45 $BN --dtype $dt --op $op --out $W/fb_${op}_$dt > $W/fb_${op}_$dt.log 2>&1
    rm -f $W/*/*.png; pack; echo $op $dt $SECONDS
  done
done
echo SECONDS $SECONDS
