# v0.32 call 2 (H100): the split path's tile / warps / chunk / apply eviction policy
# (benchmarks/sweep_split.py, GPU time), N = 4M (32 rows), bf16 and fp32, with and
# without a residual.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v32c2; }
V="4096/8/32768/-;4096/8/32768/first;4096/8/32768/last;2048/4/32768/-;8192/16/32768/-;4096/4/32768/-;4096/8/16384/-;4096/8/65536/-;4096/8/131072/-"
VR="4096/8/32768/-;4096/8/32768/first;2048/4/32768/-;8192/16/32768/-;4096/8/65536/-"
sp() { # tag dtypes res variants warm timeout
  env SPLIT_DTYPES=$2 SPLIT_RES=$3 SPLIT_VARIANTS="$4" SPLIT_WARM=$5 SPLIT_N=4194304 timeout $6 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp wb bf16 0 "$V" 1 200 & sp wf fp32 0 "$V" 1 200 & sp wrb bf16 1 "$VR" 1 200 & sp wrf fp32 1 "$VR" 1 200 &
wait; pack; echo WARM $SECONDS
grep -h "FAILED\|WRONG" $W/w*.log | head
sp t bf16,fp32 0 "$V" 0 200; pack
sp tr bf16,fp32 1 "$VR" 0 150; pack
grep -E "N=" $W/t.log $W/tr.log | sed 's/.*log://'
echo SECONDS $SECONDS
