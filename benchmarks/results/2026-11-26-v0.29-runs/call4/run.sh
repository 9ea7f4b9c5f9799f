# v0.29 call 4 (H100): call 3 had the fold cost 11-12 us inside the launch at 12288 /
# 16384 (16-bit LayerNorm) and fp32 LayerNorm 131072, 1 us at 16-bit 131072 (rows spread
# evenly over the row groups there, not at the others). Kernel by kernel as called
# (diag_bwd_kernels.py): fold off / on / on with one polling summer a slice
# (FUSEDNORM_FOLD_LEADER=1), at the suite's rows and at row counts the row groups divide
# (12288: 10912 = 88 x 124 against 10923; fp32 131072: 1020 = 5 x 204 against 1024).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
for c in "10923 layer_norm 12288 bfloat16" "10912 layer_norm 12288 bfloat16" \
         "1024 layer_norm 131072 float32" "1020 layer_norm 131072 float32" \
         "8192 layer_norm 16384 bfloat16" "1024 layer_norm 131072 bfloat16"; do
  rows=${c%% *}; args=${c#* }
  for v in "f0 FUSEDNORM_ROW_FOLD=0" "f1 FUSEDNORM_ROW_FOLD=1" "f1lead FUSEDNORM_ROW_FOLD=1 FUSEDNORM_FOLD_LEADER=1"; do
    set -- $v; tag=$1; shift
    echo "== $tag" >> $W/kernels.log
    env DIAG_ROWS=$rows "$@" timeout 60 python benchmarks/diag_bwd_kernels.py $args 20 2>&1 | grep -v -i "warn" >> $W/kernels.log
  done
  pack
done
cat $W/kernels.log
echo SECONDS $SECONDS
