# v0.23 call 4: (1) the 1M backward with slices of 16384 (GROUP 64: two row groups on the
# GPU rather than one of 128), 16 or 32 warps with replay, against the default
# (sweep_coop.py, GPU time, bf16, two processes); (2) call 3's single low cells measured
# again as called (the bench, fusednorm only, another process).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
A="SWEEP_MODES=bwd SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_N=1048576 SWEEP_BWD=default;16384/16/1/1/1/1;16384/16/1/1/1/2;16384/32/1/1/1/1;16384/32/1/1/1/2"
AR="SWEEP_RES=1 $A"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wa 200 SWEEP_WARM=1 $A & run war 200 SWEEP_WARM=1 $AR & wait; pack; echo warm $SECONDS
for p in a b; do run a_$p 60 $A; run ar_$p 60 $AR; pack; done
B="--suite rows --kind sweep --providers fusednorm --mode bwd,fwd+bwd"
timeout -s INT 90 python -m fusednorm.bench $B --op rms_norm --n 4096,12288,131072 --out $W/again_rms > $W/again_rms.log 2>&1; pack
timeout -s INT 90 python -m fusednorm.bench $B --op layer_norm,add_layer_norm --dtype bf16,fp16 --n 4096,8192,262144 --out $W/again_ln > $W/again_ln.log 2>&1; pack
for f in a_a a_b ar_a ar_b; do echo "== $f"; grep -v "^$" $W/$f.log | cut -c1-110; done
tail -n 2 $W/again_rms.log $W/again_ln.log; echo SECONDS $SECONDS
