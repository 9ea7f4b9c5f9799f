# v0.19 call 1: configs at the weak row-norm cells of the v0.18 merged run, GPU time
# (sweep_coop.py): backward tile path at 512 / 5120 (bf16, fp32; without and with dh),
# cooperative backward at 12288 / 65536 (bf16), 16-bit LayerNorm forward 32K-256K and
# fp32 forward at 32K. Two processes (a, b) for the cooperative sets.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
A="SWEEP_MODES=bwd SWEEP_N=512 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default;t8/4/2;t16/4/2;t4/4/2;t8/4/3;t8/4/4;t16/8/1;t8/8/1;t4/2/4;t8/2/4"
A5="SWEEP_MODES=bwd SWEEP_N=5120 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default;t1/4/2;t2/4/2;t1/8/1;t2/8/1;t1/4/3;t2/8/2;T1/8/1;T1/8/2;T2/16/1;T1/16/1"
B="SWEEP_MODES=bwd SWEEP_N=12288,65536 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_BWD=default;2048/4/5/1/1/2/1;2048/4/4/1/1/0/1;2048/4/4/1/1/2/1;2048/4/5/1/1/2/0;1024/4/6/1/1/0/1;4096/4/2/1/1/0/1;4096/4/3/1/1/0/1;4096/8/1/1/1/0/1;2048/8/2/1/1/0/1"
C="SWEEP_MODES=fwd SWEEP_N=32768,65536,131072,262144 SWEEP_DTYPES=bf16 SWEEP_OPS=ln SWEEP_FWD=default;4096/4/4/1/1/0/1;4096/4/3/1/1/0/1;2048/4/8/1/1/0/1;2048/4/6/1/1/0/1;4096/8/2/1/1/0/1;8192/8/2/1/1/0/1;4096/4/4/1/2/0/1;4096/4/4/1/1/0/0"
D="SWEEP_MODES=fwd SWEEP_N=32768 SWEEP_DTYPES=fp32 SWEEP_OPS=rms,ln SWEEP_FWD=default;T1/32/1;T1/16/1;4096/8/2/1/1/0/1;4096/8/2/1/1/0/0;8192/8/1/1/1/0/1;2048/4/4/1/1/0/1"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wa 240 SWEEP_WARM=1 $A & run war 240 SWEEP_WARM=1 SWEEP_RES=1 $A & run wa5 240 SWEEP_WARM=1 $A5 &
run wa5r 240 SWEEP_WARM=1 SWEEP_RES=1 $A5 & run wb 240 SWEEP_WARM=1 $B & run wc 240 SWEEP_WARM=1 $C &
run wd 240 SWEEP_WARM=1 $D &
wait; pack; echo warm $SECONDS
run a 60 $A; pack; run ar 60 SWEEP_RES=1 $A; pack
run a5 60 $A5; pack; run a5r 60 SWEEP_RES=1 $A5; pack
run b_a 60 $B; pack; run c_a 60 $C; pack; run d_a 40 $D; pack
run b_b 60 $B; pack; run c_b 60 $C; pack; run d_b 40 $D; pack
for f in a ar a5 a5r b_a b_b c_a c_b d_a d_b; do echo "== $f"; grep -v "^$" $W/$f.log | cut -c1-100; done
echo SECONDS $SECONDS
