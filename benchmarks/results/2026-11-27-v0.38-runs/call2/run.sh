# v0.38 call 2 (H100): the cooperative columns forward's steps in time (diag_coop_cols.py,
# the kernel's TIMING variant), pow2-Cg shapes in one round (p512) and two (p256, in2d,
# vae512).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v38c2; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python benchmarks/diag_coop_cols.py $W/diag.json --cases p512,p256,in2d,vae512 --reps 7 > $W/diag.log 2>&1
cat $W/diag.log; pack
echo SECONDS $SECONDS
