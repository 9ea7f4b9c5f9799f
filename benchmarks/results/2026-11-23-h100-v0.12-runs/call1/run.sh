export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
(nvidia-smi --query-gpu=name,driver_version --format=csv; python -c "import torch,triton;print(torch.__version__,triton.__version__)") > $OUT/gpu.txt 2>&1
for t in old new; do
  if [ $t = old ]; then P=$PWD/.old/src; else P=$PWD/src; fi
  PYTHONPATH=$P timeout 140 python benchmarks/ab_rows.py $OUT/ab_$t.json $t --bwd --ops layer_norm --n 512,4096,12288,65536,262144,1048576 --dtypes bfloat16,float32 > $OUT/ab_$t.log 2>&1
done
paste -d'|' <(cut -c1-40 $OUT/ab_old.log) <(cut -c29-120 $OUT/ab_new.log)
