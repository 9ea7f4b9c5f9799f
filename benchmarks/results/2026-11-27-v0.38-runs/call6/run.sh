# v0.38 call 6 (H100): the cooperative columns forward's steps in finer time
# (diag_coop_cols.py: the first load's arrival and the chunk's loop apart).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v38c6; }
nvidia-smi -L > $W/gpus.txt
timeout 150 python benchmarks/diag_coop_cols.py $W/diag.json --cases p512,in2d,vae512 --reps 7 > $W/diag.log 2>&1
cat $W/diag.log; pack
echo SECONDS $SECONDS
