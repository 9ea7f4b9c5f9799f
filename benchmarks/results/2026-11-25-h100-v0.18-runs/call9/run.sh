# v0.18 call 9: call 8's low 16-bit layer_norm cells again (bwd at 5120: fp16 37.2%, bf16
# 61.5; fp16 fwd+bwd at 16K-128K 61-73% against bf16's 85-91), as called, this tree and
# 50c4c01 (v0.17's last; src carried as .whl/base/src) in alternated processes.
export PYTHONUNBUFFERED=1
W=/tmp/c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp c9; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
b() { local name=$1 src=$2; shift 2; PYTHONPATH=$src timeout -s INT 100 python -m fusednorm.bench --suite rows --op layer_norm --dtype fp16,bf16 --kind sweep --n 5120,16384,32768,65536,131072 --mode bwd,fwd+bwd --providers fusednorm --out $W/$name > $W/$name.log 2>&1; pack; }
b new_a $NEW; b base_a $B; b new_b $NEW; b base_b $B
for n in new_a base_a new_b base_b; do echo "== $n"; grep -h "^| [0-9]" $W/$n/summary.md | cut -c1-60; done
echo SECONDS $SECONDS
