# v0.49 call 1 (H100): 1. sweep_groupnorm.py, bf16, contiguous, GPU time of the captured
# calls with L.TICKET_GPU 1 (no L2 prefetch of the words) / 2 (the forward and now the
# backward prefetch) alternated twice; 2. the bench as called, fusednorm alone, rows
# suite sweep shapes, forward and backward, every op, bf16 then fp16 (the row-norm
# tables, last measured in v0.35).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v49c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v49c1; }
nvidia-smi -L > $W/gpus.txt
A='{"L.TICKET_GPU": 1}'; B='{"L.TICKET_GPU": 2}'
timeout 150 python benchmarks/sweep_groupnorm.py $W/pf.json --cases unet320,unet640,unet1280,vae512,vae256,in3d64 --layouts nc --no-torch --settings "[$A, $B, $A, $B]" > $W/pf.log 2>&1
tail -2 $W/pf.log; pack; echo SWEEP $SECONDS
BN="python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm --mode fwd,bwd"
for dt in bf16 fp16; do
  for op in layer_norm rms_norm add_layer_norm add_rms_norm; do
    timeout -s INT 55 $BN --dtype $dt --op $op --out $W/r_${op}_$dt > $W/r_${op}_$dt.log 2>&1
    rm -f $W/*/*.png; pack; echo $op $dt $SECONDS
  done
done
echo SECONDS $SECONDS
