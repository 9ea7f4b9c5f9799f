# v0.32 call 8 (H100): the bench's rows suite at its new long rows (2M and 4M), as
# called, fusednorm beside torch eager and torch.compile (Liger refuses rows above 65536),
# one dtype a process, one process at a time; interrupted runs write what they measured.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v32c8; }
b() { # dtype timeout
  timeout -s INT $2 python -m fusednorm.bench --suite rows --kind sweep --n 2097152,4194304 \
    --dtype $1 --providers fusednorm,torch,compile --out $W/$1 > $W/$1.log 2>&1
}
b bf16 240; pack; echo bf16 $SECONDS
b fp32 190; pack; echo fp32 $SECONDS
b fp16 130; pack; echo fp16 $SECONDS
tail -5 $W/*.log
