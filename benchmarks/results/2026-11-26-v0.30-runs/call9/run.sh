# v0.30 call 9 (H100): the bench as called (fusednorm alone, forward) with the cooperative
# forward's y / h stores evict_first (the library) against none (FUSEDNORM_Y_EVICT=none),
# three processes each, alternated, at the cells that read lower in call 6 than in v0.29's
# merged run (add_layer_norm 16-bit 128K) and their neighbours; plus GPU time of the same
# cells (sweep_coop.py, two processes each).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp c9; }
B="python -m fusednorm.bench --suite rows --kind sweep --mode fwd --providers fusednorm"
for p in 1 2 3; do
  for v in "y0 FUSEDNORM_Y_EVICT=none" "yf X=1"; do
    set -- $v; tag=$1; shift
    env "$@" timeout -s INT 60 $B --op add_layer_norm,layer_norm --dtype bf16,fp16 --n 65536,131072,262144 --out $W/b_${tag}_$p > $W/b_${tag}_$p.log 2>&1
    rm -f $W/b_${tag}_$p/*.png; pack; echo $tag $p $SECONDS
  done
done
S="SWEEP_MODES=fwd SWEEP_FWD=default SWEEP_INFER=1 SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp16 SWEEP_N=65536,131072,262144 SWEEP_RES=1"
for p in 1 2; do
  for v in "y0 FUSEDNORM_Y_EVICT=none" "yf X=1"; do
    set -- $v; tag=$1; shift
    env $S "$@" timeout 60 python benchmarks/sweep_coop.py $W/s_${tag}_$p.json > $W/s_${tag}_$p.log 2>&1; pack
  done
done
for f in $W/b_*_?.log; do echo "== $f"; grep -E "^rows" $f | awk '{print $2,$3,$5,$10}' | tr '\n' ';'; echo; done
grep -H "fwd N" $W/s_*.log
echo SECONDS $SECONDS
