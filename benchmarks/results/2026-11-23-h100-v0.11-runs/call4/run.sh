export PYTHONPATH=$PWD/src
timeout -s INT 150 python -m pytest -x -q tests/test_groupnorm.py -k "(cuda or gpu) and (cols or large or repeated or launchers or deterministic or cuda_graph or compile)" > $OUT/pytest_groups.log 2>&1; echo "rc $?" >> $OUT/pytest_groups.log
tail -n 2 $OUT/pytest_groups.log
CL="unet320,vae512,in3d128,in2d"
timeout -s INT 80 python benchmarks/sweep_groupnorm.py $OUT/cl_bf16.json --layouts cl --fwd-only --no-torch --cases $CL --settings '[{"COLS_COOP": false}, {}]' > $OUT/cl_bf16.log 2>&1
timeout -s INT 80 python benchmarks/sweep_groupnorm.py $OUT/cl_fp32.json --dtype float32 --layouts cl --fwd-only --no-torch --cases $CL --settings '[{"COLS_COOP": false}, {}]' > $OUT/cl_fp32.log 2>&1
cut -c1-110 $OUT/cl_bf16.log $OUT/cl_fp32.log
for t in old new; do
  if [ $t = old ]; then P=$PWD/.old/src; else P=$PWD/src; fi
  PYTHONPATH=$P timeout 110 python benchmarks/sweep_groupnorm.py $OUT/gnb_$t.json --layouts nc --no-torch --cases unet320,vae512,in3d64,in3d128 > $OUT/gnb_$t.log 2>&1
done
cut -c1-160 $OUT/gnb_old.log $OUT/gnb_new.log
