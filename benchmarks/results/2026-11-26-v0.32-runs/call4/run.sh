# v0.32 call 4 (H100): the final split-path defaults. a) every GPU test of
# test_rownorm.py; b) sweep_split.py with the library's SPLIT_FWD / SPLIT_BWD at 4M x 32,
# 16M x 8, 4M x 256 (bf16), with a residual at 4M, fp32 LayerNorm with dh at 2M; and the
# loop path (FUSEDNORM_SPLIT=0) at 16M for the record.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v32c4; }
git log -1 --format=%h > $W/commit.txt 2>/dev/null
timeout 330 python -m pytest -q -m gpu tests/test_rownorm.py > $W/pytest.log 2>&1; pack
tail -3 $W/pytest.log
sp() { # tag modes dtypes res N timeout [M] [ops]
  env SPLIT_MODES=$2 SPLIT_DTYPES=$3 SPLIT_RES=$4 SPLIT_N=$5 SPLIT_M=${7:-0} SPLIT_OPS=${8:-ln,rms} timeout $6 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp d4 fwd,bwd bf16,fp32 0 4194304 60; pack
sp d16 fwd,bwd bf16,fp32 0 16777216 60; pack
sp r4 fwd,bwd bf16,fp32 1 4194304 60; pack
sp m256 fwd,bwd bf16 0 4194304 60 256; pack
sp dh bwd fp32 1 2097152 40 0 ln; pack
(export FUSEDNORM_SPLIT=0; sp l16 fwd,bwd bf16 0 16777216 90); pack
for f in d4 d16 r4 m256 dh l16; do grep -E "N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
