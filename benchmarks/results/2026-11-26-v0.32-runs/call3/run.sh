# v0.32 call 3 (H100): the split path's forward and backward parameters apart
# (rownorm.SPLIT_FWD / SPLIT_BWD), combinations of call 2's winners; N = 4M (32 rows),
# 16M (8 rows), 4M x 256 rows (bf16), and fp32 LayerNorm with dh at 2M.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v32c3; }
VF="4096/8/32768/first;2048/4/131072/first;4096/8/131072/first;4096/4/131072/first;2048/4/262144/first;2048/4/65536/first;1024/2/131072/first"
VB="4096/8/32768/-;2048/4/131072/-;2048/4/262144/-;4096/4/131072/-;1024/2/131072/-;2048/8/131072/-"
sp() { # tag modes dtypes res variants N warm timeout [M]
  env SPLIT_MODES=$2 SPLIT_DTYPES=$3 SPLIT_RES=$4 SPLIT_VARIANTS="$5" SPLIT_N=$6 SPLIT_WARM=$7 SPLIT_M=${9:-0} timeout $8 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp wf fwd bf16,fp32 0 "$VF" 4194304 1 200 & sp wb bwd bf16,fp32 0 "$VB" 4194304 1 200 &
sp wrf fwd bf16,fp32 1 "$VF" 4194304 1 200 & sp wrb bwd bf16,fp32 1 "$VB" 4194304 1 200 &
wait; pack; echo WARM $SECONDS
grep -h "FAILED\|WRONG" $W/w*.log | head
sp f fwd bf16,fp32 0 "$VF" 4194304 0 120; pack
sp b bwd bf16,fp32 0 "$VB" 4194304 0 120; pack
sp rf fwd bf16,fp32 1 "$VF" 4194304 0 120; pack
sp rb bwd bf16,fp32 1 "$VB" 4194304 0 120; pack
sp f16 fwd,bwd bf16 0 "4096/8/32768/-;2048/4/131072/first;2048/4/131072/-" 16777216 0 100; pack
sp m256 fwd,bwd bf16 0 "4096/8/32768/-;2048/4/131072/first;2048/4/131072/-" 4194304 0 100 256; pack
export SPLIT_OPS=ln; sp dh bwd fp32 1 "$VB" 2097152 0 100; pack
for f in f b rf rb f16 m256 dh; do grep -E "N=" $W/$f.log; done
echo SECONDS $SECONDS
