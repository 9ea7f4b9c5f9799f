# v0.38 call 12 (H100): the read pass over 16 MiB after a write of as many bytes (dirty
# lines in the L2, as the cooperative columns forward's step 1 after the previous call's y).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp v38c12; }
nvidia-smi -L > $W/gpus.txt
timeout 150 python benchmarks/diag_read.py $W/read_after_write.json --mib 16 --after-write > $W/read_after_write.log 2>&1
cat $W/read_after_write.log; pack
echo SECONDS $SECONDS
