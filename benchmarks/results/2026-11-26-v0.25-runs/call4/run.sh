# v0.25 call 4 (H100): the bench beside the peers at the head (fp32 residual forward on
# twice the warps at 4096-16384, add_layer_norm fp32 backward block 256 4 / 2 / 6): rows
# suite, add_layer_norm and add_rms_norm fp32, fwd and bwd, N 256 / 512 / 4096-32768;
# then the fused SiLU as called at the UNet shapes (silu_ab.py, bf16), issue 4's 2x.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
timeout -s INT 380 python -m fusednorm.bench --suite rows --kind sweep --op add_layer_norm,add_rms_norm --dtype fp32 --mode fwd,bwd --n 256,512,4096,8192,16384,32768 --out $W/bench_res32 > $W/bench.log 2>&1; pack
tail -n 4 $W/bench.log
timeout $((570 - SECONDS)) python benchmarks/silu_ab.py $W/silu.json --cases unet320,unet1280 > $W/silu.log 2>&1; pack
cat $W/silu.log; echo SECONDS $SECONDS
