# v0.18 call 6: the bench as called with the v0.18 tables, fusednorm only: the rows
# suite's cooperative lengths (12288-1M), fwd and bwd, four ops, three dtypes; then the
# groups suite's group_norm / instance_norm, bf16 and fp32, fwd and bwd, fusednorm and
# torch (the rows path's 16-bit tables prefetch now), with the time left.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT 330 python -m fusednorm.bench --suite rows --kind sweep --n 12288,16384,32768,65536,131072,262144,1048576 --mode fwd,bwd --providers fusednorm --out $W/rows > $W/rows.log 2>&1; pack
echo rows $SECONDS
left=$((585 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite groups --dtype bf16,fp32 --mode fwd,bwd --providers fusednorm,torch --out $W/groups > $W/groups.log 2>&1; pack
grep -h "^| [0-9]" $W/rows/summary.md | cut -c1-100 | head -60; tail -n 2 $W/rows.log; tail -n 3 $W/groups.log; echo SECONDS $SECONDS
