# v0.49 call 2 (H100): the bench as called, fusednorm alone, rows suite sweep shapes:
# 1. forward and backward, every op, fp32 (the row-norm tables, last measured in v0.35);
# 2. call 1's cells far under their v0.35 records read again, in two processes:
#    backward bf16 / fp16 at 512, 1024, 5120, 262144; forward at 131072, 1048576.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v49c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v49c2; }
nvidia-smi -L > $W/gpus.txt
BN="python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm"
for op in layer_norm rms_norm add_layer_norm add_rms_norm; do
  timeout -s INT 60 $BN --mode fwd,bwd --dtype fp32 --op $op --out $W/r_${op}_fp32 > $W/r_${op}_fp32.log 2>&1
  rm -f $W/*/*.png; pack; echo $op fp32 $SECONDS
done
for p in 1 2; do
  timeout -s INT 90 $BN --mode bwd --dtype bf16,fp16 --n 512,1024,5120,262144 --out $W/again_bwd_$p > $W/again_bwd_$p.log 2>&1
  timeout -s INT 60 $BN --mode fwd --dtype bf16,fp16 --n 131072,1048576 --out $W/again_fwd_$p > $W/again_fwd_$p.log 2>&1
  rm -f $W/*/*.png; pack; echo again $p $SECONDS
done
echo SECONDS $SECONDS
