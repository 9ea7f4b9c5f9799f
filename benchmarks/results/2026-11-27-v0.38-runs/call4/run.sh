# v0.38 call 4 (H100): one read pass over 16 MiB by chunks (diag_read.py): how many
# programs, tile sizes, warps and stages a statistics pass needs to read at copy speed.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v38c4; }
nvidia-smi -L > $W/gpus.txt
timeout 400 python benchmarks/diag_read.py $W/read.json --mib 16 > $W/read.log 2>&1
cat $W/read.log; pack
echo SECONDS $SECONDS
