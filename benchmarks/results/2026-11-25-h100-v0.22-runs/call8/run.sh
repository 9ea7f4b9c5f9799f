# v0.22 call 8: where the 16-bit LayerNorm backward's host time goes on the lent host
# (host_bwd_rows.py: full call, autograd floor, bwd_impl, kernels, dx allocation; cProfile
# of bwd_impl), two processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
cat /proc/loadavg > $W/cpu.txt; lscpu | grep -i "model name\|MHz" >> $W/cpu.txt
for p in a b; do timeout 60 python benchmarks/host_bwd_rows.py 512,2048,8192 > $W/host_$p.log 2>&1; pack; done
grep "^N " $W/host_a.log $W/host_b.log; grep -A14 "Ordered by" $W/host_a.log | head -45; echo SECONDS $SECONDS
