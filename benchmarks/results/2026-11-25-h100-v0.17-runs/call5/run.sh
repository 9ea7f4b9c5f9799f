# v0.17 call 5: GroupNorm's rows path with slices of 8192 (VAE 128: rows of 1M, one row
# group) and VAE 256 with the L2 replay, backward and forward, GPU time
# (sweep_gn_bwd.py, two processes for the backward), none / silu, bf16 / fp32.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B="GNB_SHAPES=vae_128,vae_256 GNB_DTYPES=bf16,fp32 GNB_ACTS=none,silu GNB_CONFIGS_2=default;8192/8/1/1/1/1;8192/8/1/1/1/2;8192/16/1/1/1/1;8192/16/1/1/1/2;4096/4/2/1/1/2 GNB_CONFIGS_4=default;8192/8/1/1/1/1;8192/16/1/1/1/1;8192/16/1/1/1/2;4096/8/1/1/1/1"
F="GNB_MODE=fwd GNB_SHAPES=vae_128 GNB_DTYPES=bf16,fp32 GNB_ACTS=none,silu GNB_CONFIGS_2=default;8192/8/2/1/1/1;8192/8/2/1/1/2 GNB_CONFIGS_4=default;8192/8/1/1/2/1;8192/8/2/1/1/1"
run() { local name=$1; shift; env "$@" timeout -s INT 200 python benchmarks/sweep_gn_bwd.py $W/$name.json > $W/$name.log 2>&1; }
for i in a b; do run b_$i $B; pack; done
run f_a $F; pack
for f in $W/b_a.log $W/b_b.log $W/f_a.log; do echo "== $f"; grep -v "^$" $f | cut -c1-120; done; echo SECONDS $SECONDS
