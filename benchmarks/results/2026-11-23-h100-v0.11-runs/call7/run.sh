export PYTHONPATH=$PWD/src
git log --oneline -1 > $OUT/head.txt 2>&1
timeout -s INT 330 python -m pytest -x -q tests/test_groupnorm.py -k "cuda or gpu" > $OUT/pytest_groups.log 2>&1; echo "rc $?" >> $OUT/pytest_groups.log
tail -n 2 $OUT/pytest_groups.log
timeout -s INT 120 python benchmarks/sweep_groupnorm.py $OUT/cl_bf16.json --layouts cl,nc --fwd-only --no-torch --cases vae512,vae256,in3d64,in2d,unet1280 > $OUT/cl_bf16.log 2>&1
cut -c1-110 $OUT/cl_bf16.log
