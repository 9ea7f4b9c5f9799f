# v0.35 call 1 (H100): 1. the split path on channels_last with segments of 16 / 32 / 64
# channels (MAX_BLOCK_C_LAST; the columns paths off), against the defaults: does a
# segment small enough for L2 (a band of sectors of every position) get the split path's
# second read from L2 and beat the three passes? bf16, GPU time, fwd and bwd.
# 2. every GPU test (test_rownorm.py in three shards, the rest in a fourth) on this tree
# (the DH_EARLY kernel of v0.34 had not run through them).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v35c1; }
nvidia-smi -L > $W/gpus.txt
SET='[{}, {"COLS_COOP":false,"COLS_MAX_CG":0,"MAX_BLOCK_C_LAST":16}, {"COLS_COOP":false,"COLS_MAX_CG":0,"MAX_BLOCK_C_LAST":32}, {"COLS_COOP":false,"COLS_MAX_CG":0,"MAX_BLOCK_C_LAST":64}]'
timeout 230 python benchmarks/sweep_groupnorm.py $W/split_cl.json --layouts cl --no-torch \
  --cases vae128,in3d64,vae256,vae512,unet320,in2d,in3d128,unet640 --settings "$SET" > $W/split_cl.log 2>&1
pack; cat $W/split_cl.log
python -m pytest -q --collect-only -m gpu tests/test_rownorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 330 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rows$i.log 2>&1) & done
(timeout 330 python -m pytest -q -m gpu -p no:cacheprovider tests/test_groupnorm.py tests/test_patch.py tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py tests/test_bench.py > $W/rest.log 2>&1) &
wait; for f in $W/rows0.log $W/rows1.log $W/rows2.log $W/rest.log; do tail -1 $f; done; pack
echo SECONDS $SECONDS
