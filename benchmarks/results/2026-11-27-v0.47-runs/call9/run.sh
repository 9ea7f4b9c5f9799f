# v0.47 call 9 (H100): the groups suite's bf16 backward (every op, layout and shape),
# fusednorm, torch eager and torch.compile side by side in one process (as called), so the
# merged run's compile cells for that table come from the same process as fusednorm's.
# Stopped by SIGINT before the call's limit if it runs long (the bench then writes what
# it measured and marks the run interrupted).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v47c9; }
nvidia-smi -L > $W/gpus.txt
timeout -s INT 520 python -m fusednorm.bench --suite groups --dtype bf16 --mode bwd --providers fusednorm,torch,compile --out $W/gc_bf16 > $W/gc_bf16.log 2>&1; echo rc $?; tail -3 $W/gc_bf16.log; pack
echo SECONDS $SECONDS
